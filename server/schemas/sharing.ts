// Wire types of /share-service (DESIGN.md §7 "Share links"): the owner's links API and the
// anonymous side at /share-service/public/{token}. Replies are field whitelists: no owner id,
// no email, no ancestor outside a shared folder ever leaves through them.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'
import { FileJson, FolderJson, PersonJson, SortBy } from './files.ts'

const Id = BoundedString(64, 1)
const ItemType = Type.Union([Type.Literal('file'), Type.Literal('folder')])
const Access = Type.Union([Type.Literal('view'), Type.Literal('upload')])
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
/**
 * Request fields that take null to clear them. One JSON type list, not a union: Fastify's Ajv
 * coerces types, and in a union it would turn 0 into null or null into "" before the checks.
 */
const OrNull = <T>(type: 'integer' | 'string', bounds: Record<string, number>) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...bounds })
/** Byte counts a client may set: whole, positive, below 2^53. */
const Bytes = OrNull<number>('integer', { minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
const Count = OrNull<number>('integer', { minimum: 1, maximum: 1_000_000_000 })
/** Length checks with their own messages live in the service; these only bound the work. */
const Password = OrNull<string>('string', { maxLength: 1024 })
const Expiry = OrNull<string>('string', { maxLength: 64 })

export const ShareLinkJson = Type.Object({
  _id: Type.String(),
  token: Type.String(),
  url: Type.String(),
  itemType: ItemType,
  itemId: Type.String(),
  name: Type.String(),
  access: Access,
  expiresAt: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  maxDownloads: Nullable(Type.Number()),
  downloads: Type.Number(),
  createdAt: Type.String(),
  /** Upload links only. */
  maxFileSize: Type.Optional(Nullable(Type.Number())),
  maxTotalBytes: Type.Optional(Nullable(Type.Number())),
  uploadedBytes: Type.Optional(Type.Number()),
  /** Upload links only: the file-count limit (null: none), and the files received or on their way. */
  maxFiles: Type.Optional(Nullable(Type.Number())),
  uploadedFiles: Type.Optional(Type.Number()),
})
export type ShareLinkJson = Static<typeof ShareLinkJson>

export const CreateLinkBody = Type.Object(
  {
    itemType: ItemType,
    itemId: Id,
    access: Type.Optional(Access),
    expiresAt: Type.Optional(Expiry),
    password: Type.Optional(Password),
    maxDownloads: Type.Optional(Count),
    maxFileSize: Type.Optional(Bytes),
    maxTotalBytes: Type.Optional(Bytes),
    maxFiles: Type.Optional(Count),
  },
  { additionalProperties: false },
)
export type CreateLinkBody = Static<typeof CreateLinkBody>

/** A field left out stays as it is; null clears it. */
export const UpdateLinkBody = Type.Object(
  {
    expiresAt: Type.Optional(Expiry),
    password: Type.Optional(Password),
    maxDownloads: Type.Optional(Count),
    maxFileSize: Type.Optional(Bytes),
    maxTotalBytes: Type.Optional(Bytes),
    maxFiles: Type.Optional(Count),
  },
  { additionalProperties: false },
)
export type UpdateLinkBody = Static<typeof UpdateLinkBody>

export const LinkReply = Type.Object({ link: ShareLinkJson })
export type LinkReply = Static<typeof LinkReply>
export const LinksReply = Type.Object({ links: Type.Array(ShareLinkJson) })
export type LinksReply = Static<typeof LinksReply>
export const LinkIdParams = Type.Object({ id: Id })
export const LinkUploadParams = Type.Object({ id: Id, uploadId: Id })

/** An upload link's unfinished resumable upload, as its owner sees it: `offset` of `length` bytes received. */
export const LinkUploadJson = Type.Object({
  _id: Type.String(),
  filename: Type.String(),
  length: Type.Number(),
  offset: Type.Number(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
})
export type LinkUploadJson = Static<typeof LinkUploadJson>
export const LinkUploadsReply = Type.Object({ uploads: Type.Array(LinkUploadJson) })
export type LinkUploadsReply = Static<typeof LinkUploadsReply>

/** Share tokens: 32 characters today; the bound only keeps a huge value from costing work. */
export const TokenParams = Type.Object({ token: BoundedString(128, 1) })
export const TokenFileParams = Type.Object({ token: BoundedString(128, 1), fileId: Id })

export const PublicShareInfo = Type.Object({
  itemType: ItemType,
  name: Type.String(),
  access: Access,
  expiresAt: Nullable(Type.String()),
  size: Type.Optional(Type.Number()),
  /**
   * File links: what GET …/preview serves for the page. 'image': the viewer's full-size image
   * (the thumbnail on a link with a download limit, when the image's preview would be the
   * original itself); 'video': the video, with ranges, for a <video> (only on links without a
   * download limit, so playing never bypasses it); null: no preview (the page may still show
   * GET …/thumbnail/{fileId}).
   */
  preview: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Null()])),
  /** File links: whether GET …/thumbnail has a picture (the page's stand-in when there is no preview). */
  thumbnail: Type.Optional(Type.Boolean()),
  /**
   * Folder links that show their files: whether GET …/preview/{fileId} plays videos and songs
   * (false on a link with a download limit: a video's viewer shows its thumbnail instead).
   */
  videoPreview: Type.Optional(Type.Boolean()),
  /** Upload links: the link's limits in bytes (null: none but the server's), and what is left of the total. */
  maxFileSize: Type.Optional(Nullable(Type.Number())),
  maxTotalBytes: Type.Optional(Nullable(Type.Number())),
  remainingBytes: Type.Optional(Nullable(Type.Number())),
  /** Upload links: the file-count limit (null: none) and the files it still takes. */
  maxFiles: Type.Optional(Nullable(Type.Number())),
  remainingFiles: Type.Optional(Nullable(Type.Number())),
})
export type PublicShareInfo = Static<typeof PublicShareInfo>

export const UnlockBody = Type.Object({ password: BoundedString(1024) }, { additionalProperties: false })

/** A folder as a visitor of a folder link sees it: no parentList (it would name folders above the shared one). */
export const PublicFolderJson = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  parent: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type PublicFolderJson = Static<typeof PublicFolderJson>

/** SPEC §3's paging for files; folders come whole, as /folder-service/list gives them. */
export const PublicListQuery = Type.Object(
  {
    folder: Type.Optional(Id),
    sortBy: Type.Optional(SortBy),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    startAtDate: Type.Optional(BoundedString(64)),
    startAtName: Type.Optional(BoundedString(1024)),
    startAt: Type.Optional(BoundedString(64)),
    startAtId: Type.Optional(BoundedString(64)),
  },
  { additionalProperties: false },
)
export type PublicListQuery = Static<typeof PublicListQuery>

export const PublicListReply = Type.Object({
  /** The folder listed, from the shared root down to it (the breadcrumbs). */
  path: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })),
  folders: Type.Array(PublicFolderJson),
  files: Type.Array(FileJson),
})
export type PublicListReply = Static<typeof PublicListReply>

/** What a visitor learns of a file they sent to a file request: the name it got and its size. */
export const FileRequestReply = Type.Object({ filename: Type.String(), size: Type.Number() })
export type FileRequestReply = Static<typeof FileRequestReply>

// ── Member shares (DESIGN.md §8 "Sharing between accounts") ──

const MemberRole = Type.Union([Type.Literal('viewer'), Type.Literal('editor')])
const RecipientType = Type.Union([Type.Literal('user'), Type.Literal('group')])

/** Who holds a share: an account (with its email, for the owner's access list) or a group. */
export const ShareRecipientJson = Type.Object({
  type: RecipientType,
  _id: Type.String(),
  displayName: Type.String(),
  email: Type.Optional(Type.String()),
})

export const MemberShareJson = Type.Object({
  _id: Type.String(),
  itemType: ItemType,
  itemId: Type.String(),
  role: MemberRole,
  recipient: ShareRecipientJson,
  createdAt: Type.String(),
})
export type MemberShareJson = Static<typeof MemberShareJson>

/** Exactly one of userId and groupId: the service says which rule a body breaks. */
export const CreateMemberShareBody = Type.Object(
  {
    itemType: ItemType,
    itemId: Id,
    userId: Type.Optional(Id),
    groupId: Type.Optional(Id),
    role: MemberRole,
  },
  { additionalProperties: false },
)
export type CreateMemberShareBody = Static<typeof CreateMemberShareBody>

export const UpdateMemberShareBody = Type.Object({ role: MemberRole }, { additionalProperties: false })
export const MemberShareQuery = Type.Object({ itemType: ItemType, itemId: Id })
export const MemberShareParams = Type.Object({ id: Id })
export const MemberShareReply = Type.Object({ share: MemberShareJson })
export const MemberSharesReply = Type.Object({ shares: Type.Array(MemberShareJson) })

/** Pages of "Shared with me": `startAt` is the `next` of the page before (opaque). */
export const SharedWithMeQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  startAt: Type.Optional(BoundedString(200, 1)),
})
export const SharedWithMeReply = Type.Object({
  items: Type.Array(
    Type.Object({
      share: MemberShareJson,
      item: Type.Union([FileJson, FolderJson]),
      owner: PersonJson,
    }),
  ),
  next: Type.Optional(Type.String()),
})
export type SharedWithMeReply = Static<typeof SharedWithMeReply>

/** The people picker's query: what was typed, bounded (a longer one is a 400). */
export const PeopleQuery = Type.Object({ q: Type.Optional(BoundedString(100)) })
export const PersonSuggestionJson = Type.Union([
  Type.Object({
    type: Type.Literal('user'),
    _id: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('group'),
    _id: Type.String(),
    name: Type.String(),
    members: Type.Number(),
  }),
])
export type PersonSuggestionJson = Static<typeof PersonSuggestionJson>
export const PeopleReply = Type.Object({ people: Type.Array(PersonSuggestionJson) })
