// Wire types of /file-service and /folder-service (SPEC §3/§7, DESIGN.md §4). Responses are
// serialised through these schemas, so only the listed fields ever leave the server.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'

/** Another account, as the app shows it (DESIGN.md §8 "Names"). */
export const PersonJson = Type.Object({ _id: Type.String(), displayName: Type.String() })
export type PersonJson = Static<typeof PersonJson>
export const MemberRoleJson = Type.Union([Type.Literal('viewer'), Type.Literal('editor')])

/**
 * What an item says about people: `owner` and `role` when the caller is a member, not the owner;
 * `addedBy` when someone other than the owner put it in; `shared` on the owner's items that carry
 * a member share.
 */
const PeopleFields = {
  owner: Type.Optional(PersonJson),
  role: Type.Optional(MemberRoleJson),
  addedBy: Type.Optional(PersonJson),
  shared: Type.Optional(Type.Boolean()),
}

/** A search result's folders from the caller's root down to its parent, outermost first; [] = Home. */
export const PathJson = Type.Array(Type.Object({ _id: Type.String(), name: Type.String() }))
export type PathJson = Static<typeof PathJson>
/** A content match: plain text around the first match; marks are [start, end) UTF-16 offsets. */
export const SnippetJson = Type.Object({
  text: Type.String({ maxLength: 200 }),
  marks: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })])),
})
export type SnippetJson = Static<typeof SnippetJson>

/** Only in search replies: `rank` with sortBy=relevance, `path` always, `snippet` for content matches. */
const SearchFields = {
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  path: Type.Optional(PathJson),
  snippet: Type.Optional(SnippetJson),
}

export const FileJson = Type.Object({
  _id: Type.String(),
  filename: Type.String(),
  length: Type.Number(),
  uploadDate: Type.String(),
  metadata: Type.Object({
    parent: Type.String(),
    size: Type.Number(),
    hasThumbnail: Type.Boolean(),
    isVideo: Type.Boolean(),
    thumbnailID: Type.String(),
    /** What the viewer can show (DESIGN.md §8 "Previews"); null: the details box with Download. */
    preview: Type.Union([
      Type.Literal('image'),
      Type.Literal('video'),
      Type.Literal('audio'),
      Type.Literal('pdf'),
      Type.Literal('text'),
      Type.Null(),
    ]),
    /** Pixels after orientation, once known (images, videos, PDF first pages). */
    width: Type.Optional(Type.Integer()),
    height: Type.Optional(Type.Integer()),
    /** Present (true) while the thumbnail is queued or being made. */
    thumbnailPending: Type.Optional(Type.Boolean()),
    /** When the photo was taken (EXIF), present only when it differs from uploadDate. */
    takenDate: Type.Optional(Type.String()),
    linkType: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('one')])),
    link: Type.Optional(Type.String()),
    trashed: Type.Optional(Type.Boolean()),
    /** When it went to the trash (ISO), present only while trashed: the trash counts retention from it. */
    trashedAt: Type.Optional(Type.String()),
  }),
  ...PeopleFields,
  ...SearchFields,
})
export type FileJson = Static<typeof FileJson>

export const FolderJson = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  parent: Type.String(),
  parentList: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  trashed: Type.Optional(Type.Boolean()),
  /** When it went to the trash (ISO), present only while trashed. */
  trashedAt: Type.Optional(Type.String()),
  ...PeopleFields,
  ...SearchFields,
})
export type FolderJson = Static<typeof FolderJson>

// Size and type (the extension, then the name) beside the spec's date and name.
export const SortBy = Type.Union([
  Type.Literal('date_desc'),
  Type.Literal('date_asc'),
  Type.Literal('alp_desc'),
  Type.Literal('alp_asc'),
  Type.Literal('size_desc'),
  Type.Literal('size_asc'),
  Type.Literal('type_desc'),
  Type.Literal('type_asc'),
])
export type SortBy = Static<typeof SortBy>
/** A list's sort: the stored orders, or `relevance` (search tiers 0–4; only with a search). */
export const ListSortBy = Type.Union([...SortBy.anyOf, Type.Literal('relevance')])
export type ListSortBy = SortBy | 'relevance'

/** Search text: data, never query syntax; only its first 32 words of 64 characters count. */
export const SearchText = BoundedString(10240)
/** A result filter: folders only, or files of one kind. */
export const SearchKind = Type.Union([
  Type.Literal('folders'),
  Type.Literal('photos'),
  Type.Literal('videos'),
  Type.Literal('documents'),
  Type.Literal('audio'),
])
export type SearchKind = Static<typeof SearchKind>
/** An inclusive UTC day, `YYYY-MM-DD`. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const SearchFilters = {
  kind: Type.Optional(SearchKind),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
}

const Flag = Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false'), Type.Literal('')])
export const Id = BoundedString(64, 1)

export const FileListQuery = Type.Object({
  parent: Type.Optional(BoundedString(64, 1)),
  search: Type.Optional(SearchText),
  sortBy: Type.Optional(ListSortBy),
  ...SearchFilters,
  /** The relevance sort's cursor: the last file's rank (with startAtName and startAt). */
  startAtRank: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  trashMode: Type.Optional(Flag),
  mediaMode: Type.Optional(Flag),
  mediaFilter: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('photos'), Type.Literal('videos')])),
  startAtDate: Type.Optional(BoundedString(64)),
  startAtName: Type.Optional(BoundedString(1024)),
  /** The size sort's cursor: the last file's length. */
  startAtSize: Type.Optional(Type.Integer({ minimum: 0 })),
  startAt: Type.Optional(BoundedString(64)),
  startAtId: Type.Optional(BoundedString(64)),
  /** With mediaMode: `shared` adds what is shared with the caller (the family timeline). */
  include: Type.Optional(Type.Literal('shared')),
  /** With include=shared: one owner's items only (the caller's own id: only theirs). */
  person: Type.Optional(BoundedString(64, 1)),
})
export type FileListQuery = Static<typeof FileListQuery>

export const FolderListQuery = Type.Object({
  parent: Type.Optional(BoundedString(64, 1)),
  search: Type.Optional(SearchText),
  sortBy: Type.Optional(ListSortBy),
  ...SearchFilters,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  trashMode: Type.Optional(Flag),
})
export type FolderListQuery = Static<typeof FolderListQuery>

export const SuggestedQuery = Type.Object({
  /** A folder shared with the caller: suggestions from inside it (the caller's own drive without). */
  parent: Type.Optional(BoundedString(64, 1)),
  search: Type.Optional(SearchText),
  trashMode: Type.Optional(Flag),
  mediaMode: Type.Optional(Flag),
})
export type SuggestedQuery = Static<typeof SuggestedQuery>

const IdList = Type.Union([Type.Array(Id, { maxItems: 10000 }), BoundedString(100000)])
export const MoveFolderListQuery = Type.Object({
  parent: Type.Optional(BoundedString(64, 1)),
  search: Type.Optional(BoundedString(256)),
  folderIDs: Type.Optional(IdList),
  'folderIDs[]': Type.Optional(IdList),
  currentParent: Type.Optional(BoundedString(64)),
})
export type MoveFolderListQuery = Static<typeof MoveFolderListQuery>

export const ZipQuery = Type.Object({
  folderIDs: Type.Optional(IdList),
  'folderIDs[]': Type.Optional(IdList),
  fileIDs: Type.Optional(IdList),
  'fileIDs[]': Type.Optional(IdList),
})
export type ZipQuery = Static<typeof ZipQuery>

export const IdParams = Type.Object({ id: Id })
export const IdBody = Type.Object({ id: Id })
export type IdBody = Static<typeof IdBody>
export const RenameBody = Type.Object({ id: Id, title: BoundedString(1024) })
export type RenameBody = Static<typeof RenameBody>
export const MoveBody = Type.Object({ id: Id, parentID: Id })
export type MoveBody = Static<typeof MoveBody>
export const CreateFolderBody = Type.Object({ name: BoundedString(1024), parent: Type.Optional(Id) })
export type CreateFolderBody = Static<typeof CreateFolderBody>

/** A selected item as the client's multi-select map holds it; extra fields are ignored. */
export const Item = Type.Object({
  id: Id,
  type: Type.Union([Type.Literal('file'), Type.Literal('folder'), Type.Literal('quick-item')]),
})
export type Item = Static<typeof Item>
export const ItemsBody = Type.Object({ items: Type.Array(Item, { minItems: 1, maxItems: 10000 }) })
/** A restore's reply: `toHome` counts the items put in Home because their folder is gone or trashed. */
export const RestoreReply = Type.Object({ message: Type.String(), toHome: Type.Integer({ minimum: 0 }) })
export type RestoreReply = Static<typeof RestoreReply>
export type ItemsBody = Static<typeof ItemsBody>
export const MoveItemsBody = Type.Object({ items: Type.Array(Item, { minItems: 1, maxItems: 10000 }), parentID: Id })
export type MoveItemsBody = Static<typeof MoveItemsBody>

export const SuggestedReply = Type.Object({ folderList: Type.Array(FolderJson), fileList: Type.Array(FileJson) })
export type SuggestedReply = Static<typeof SuggestedReply>
export const ShareReply = Type.Object({ file: FileJson })
export type ShareReply = Static<typeof ShareReply>
/** A file made by a write (a copy). */
export const FileReply = Type.Object({ file: FileJson })
export type FileReply = Static<typeof FileReply>

/** The spec's GET /file-service/public/info/{id}/{tempToken}: only what the public page shows. */
export const PublicInfo = Type.Object({
  filename: Type.String(),
  uploadDate: Type.String(),
  metadata: Type.Object({ size: Type.Number(), linkType: Type.Union([Type.Literal('public'), Type.Literal('one')]) }),
})
export type PublicInfo = Static<typeof PublicInfo>

/**
 * GET /file-service/text/{id} answers `text/plain; charset=utf-8` (at most 1 MiB, whole
 * characters) with these headers: whether the file goes on past the text, and what its bytes
 * were read as (converted to UTF-8).
 */
export const TEXT_PREVIEW_HEADERS = { truncated: 'x-truncated', encoding: 'x-text-encoding' } as const
export const TextPreviewHeaders = Type.Object({
  'x-truncated': Type.Union([Type.Literal('true'), Type.Literal('false')]),
  'x-text-encoding': Type.Union([
    Type.Literal('utf-8'),
    Type.Literal('utf-16le'),
    Type.Literal('utf-16be'),
    Type.Literal('windows-1252'),
  ]),
})
export type TextPreviewHeaders = Static<typeof TextPreviewHeaders>
