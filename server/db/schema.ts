// Table types for Kysely. Times are integer milliseconds since the epoch and flags are 0/1
// integers, so one schema reads the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable } from 'kysely'

export interface UsersTable {
  id: string
  email: string
  /** '' = no password yet: an account made by a single sign-on (services/sign-in/passwords.ts hasPassword). */
  password_hash: string
  email_verified: number
  created_at: number
  verify_sent_at: number | null
  reset_sent_at: number | null
  /** Bumped by triggers on every write to the user's files and folders (migration 004). */
  drive_version: Generated<number>
  /** Migration 014: 'admin' | 'user'. */
  role: Generated<UserRole>
  disabled: Generated<number>
  /** Set by an admin's temporary password; cleared by a password change. */
  must_change_password: Generated<number>
  /** Bytes, or null = unlimited. */
  quota: number | null
  /** Sum of the user's file sizes, kept by triggers (migration 014). */
  used_bytes: Generated<number>
  /** Sum of the user's live quota_reservations. */
  reserved_bytes: Generated<number>
  /** Migration 015: the authenticator secret, sealed (services/sign-in/totp.ts); on once totp_enabled_at is set. */
  totp_secret: string | null
  totp_enabled_at: number | null
  /** The time step of the last code accepted (no replay). */
  totp_last_step: number | null
  /** Migration 026: what the app shows of this person to others. */
  display_name: Generated<string>
}

export type UserRole = 'admin' | 'user'

export interface SessionsTable {
  id: string
  user_id: string
  browser_id: string
  refresh_hash: string
  prev_refresh_hash: string | null
  rotated_at: number
  created_at: number
  expires_at: number
  revoked_at: number | null
  /** Migration 014: where and with what it signed in, and its last refresh. */
  ip: string | null
  user_agent: string | null
  last_seen_at: number | null
}

export interface QuotaReservationsTable {
  id: string
  user_id: string
  bytes: number
  created_at: number
  expires_at: number
}

export type AppPasswordScope = 'read' | 'write'

export interface AppPasswordsTable {
  id: string
  user_id: string
  name: string
  scope: AppPasswordScope
  /** HMAC-SHA256 of the secret under a key derived from SECRET (services/sign-in/app-passwords.ts). */
  secret_hash: string
  created_at: number
  last_used_at: number | null
}

/** A WebDAV dead property (migration 016) of a file or folder. */
export interface DavPropertiesTable {
  resource_id: string
  owner_id: string
  /** Clark notation: "{namespace}local". */
  name: string
  /** The element's content as XML, its namespaces declared. */
  value: string
}

/** A WebDAV lock (migration 016) on a path of the owner's namespace. */
export interface DavLocksTable {
  token: string
  owner_id: string
  /** Decoded, below /dav/, no trailing slash ("" = Home). */
  path: string
  depth: '0' | 'infinity'
  scope: 'exclusive' | 'shared'
  lock_owner: string | null
  timeout_seconds: number
  expires_at: number
}
export type DavLock = Selectable<DavLocksTable>

export interface InvitesTable {
  /** Shown to admins (list, revoke); the token itself is only ever in the link. */
  id: string
  token_hash: string
  created_by: string | null
  /** The address it was mailed to (null: a link the admin hands over). */
  email: string | null
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface AuditLogTable {
  id: string
  at: number
  /** Who did it (null: someone not signed in, e.g. a failed sign-in). */
  actor_id: string | null
  /** Whose account it concerns. */
  subject_id: string | null
  action: string
  ip: string | null
  /** JSON of a few named fields. */
  detail: string | null
}

export interface RecoveryCodesTable {
  user_id: string
  /** HMAC-SHA256 under a key derived from SECRET (services/sign-in/totp.ts). */
  code_hash: string
  used_at: number | null
}

/** A sign-in whose password was right, waiting for its second factor (migration 015). */
export interface LoginChallengesTable {
  /** sha256 of the token in the browser's cookie. */
  id_hash: string
  user_id: string
  browser_id: string
  ip: string | null
  user_agent: string | null
  created_at: number
  expires_at: number
  failures: Generated<number>
}

/** An account's identity at the single sign-on provider (migration 018). */
export interface OidcIdentitiesTable {
  issuer: string
  subject: string
  user_id: string
  created_at: number
  last_sign_in_at: number
}

/** A passkey: one WebAuthn credential of an account (migration 017). */
export interface PasskeysTable {
  id: string
  user_id: string
  /** base64url, unique across accounts. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: Generated<number>
  /** Comma-separated, as the browser reported them at registration. */
  transports: string | null
  name: string
  created_at: number
  last_used_at: number | null
}

export type WebauthnPurpose = 'register' | 'login' | 'second-factor'

/** A passkey ceremony in flight: the challenge its options handed out (migration 017). */
export interface WebauthnChallengesTable {
  /** sha256 of the token in the browser's cookie. */
  id_hash: string
  purpose: WebauthnPurpose
  /** Whose ceremony it is; null for a passwordless sign-in, which learns it from the answer. */
  user_id: string | null
  browser_id: string
  challenge: string
  expires_at: number
}

export type MailTokenKind = 'verify' | 'reset'

export interface MailTokensTable {
  token_hash: string
  user_id: string
  kind: MailTokenKind
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface FoldersTable {
  id: string
  owner_id: string
  /** null = the root ("/"). */
  parent_id: string | null
  ancestors: string
  name: string
  name_key: string
  /** Migration 031: the folded name when it differs from name_key (accents), else null. */
  accent_key: Generated<string | null>
  created_at: number
  updated_at: number
  trashed: number
  trash_root: number
  trashed_at: number | null
  /** Migration 026: who made it, when not its owner (a member in a shared folder). */
  added_by: Generated<string | null>
}

export type LinkType = 'public' | 'one'

export interface FilesTable {
  id: string
  owner_id: string
  folder_id: string | null
  filename: string
  name_key: string
  /** Migration 031: the folded name when it differs from name_key (accents), else null. */
  accent_key: Generated<string | null>
  /** The extension's name key, '' without one: the type sort's first key (migration 025). */
  type_key: string
  size: number
  sha256: string
  blob_key: string
  mime: string
  upload_date: number
  /** When the photo was taken (EXIF, migration 010), else upload_date: the gallery's date. */
  taken_date: number
  trashed: number
  trash_root: number
  trashed_at: number | null
  link_type: LinkType | null
  link_token: string | null
  is_video: number
  has_thumbnail: number
  thumbnail_id: string | null
  thumbnail_key: string | null
  media: number
  /** Wrapped data key when the blob is encrypted at rest. */
  enc: string | null
  thumb_state: ThumbState
  thumb_enc: string | null
  thumb_size: number | null
  /** The full-size preview (migration 008): a capped WebP or the original's safe type. */
  preview_key: string | null
  preview_enc: string | null
  preview_size: number | null
  preview_type: string | null
  /** Migration 026: who uploaded it, when not its owner (a member in a shared folder). */
  added_by: Generated<string | null>
  /** Migration 027: pixels after orientation, once the queue has read them (null = unknown). */
  width: Generated<number | null>
  height: Generated<number | null>
  /** Migration 027: JSON of `MediaInfo` (services/media/media-info.ts), once the queue has read it. */
  media_info: Generated<string | null>
}

/** `working:<instance id>` while an instance makes it. */
export type ThumbState = 'none' | 'pending' | `working:${string}` | 'done' | 'failed'

export interface SettingsTable {
  key: string
  value: string
}

export interface BlobOutboxTable {
  key: string
  kind: 'pending' | 'delete'
  instance_id: string
  created_at: number
}

/** One distinct blob of an owner and how many file and version rows name it (migration 029, kept by triggers). */
export interface BlobRefsTable {
  key: string
  owner_id: string
  size: number
  refs: number
}

/** Blob keys reserved ahead by an instance (migration 022). */
export interface BlobKeyPoolTable {
  key: string
  instance_id: string
  created_at: number
}

export interface InstancesTable {
  id: string
  seen_at: number
}

export interface UploadsTable {
  id: string
  owner_id: string
  length: number
  filename: string
  parent_id: string | null
  relative_path: string | null
  mime: string | null
  enc: string | null
  created_at: number
  expires_at: number
  file_id: string | null
  lease: string | null
  lease_until: number | null
  /** The upload link it came through (migration 013); null = the owner's own upload. */
  link_id: string | null
  /** Migration 026: the member uploading into the owner's shared folder (null = the owner). */
  added_by: Generated<string | null>
  /** Migration 028: what the upload does when its folder holds the name already. */
  conflict: Generated<UploadConflict>
}

export type UploadConflict = 'replace' | 'keep-both' | 'fail'

/** Migration 028: a content a file had before it was written over. */
export interface FileVersionsTable {
  id: string
  file_id: string
  owner_id: string
  blob_key: string
  size: number
  sha256: string
  enc: string | null
  mime: string
  /** When this content was uploaded. */
  created_at: number
  /** When it stopped being the file's current content (retention never takes one younger than a day). */
  replaced_at: number
  /** Who uploaded this content, when not the owner. */
  added_by: string | null
}

export type ShareItemType = 'file' | 'folder'
export type ShareAccess = 'view' | 'upload'

/** A share link (migration 012). The token is looked up by its hash (token_hash). */
export interface ShareLinksTable {
  id: string
  owner_id: string
  item_type: ShareItemType
  item_id: string
  token: string
  token_hash: string
  access: ShareAccess
  expires_at: number | null
  /** argon2id; null = no password. */
  password_hash: string | null
  max_downloads: number | null
  downloads: Generated<number>
  /** Upload links only. */
  max_file_size: number | null
  max_total_bytes: number | null
  uploaded_bytes: Generated<number>
  /** Upload links only (migration 024): the file-count limit, and the files received or promised. */
  max_files: number | null
  uploaded_files: Generated<number>
  created_at: number
}

/** A group of accounts (migration 026); 'everyone' is every enabled account, with no member rows. */
export interface GroupsTable {
  id: string
  name: string
  name_key: string
  created_at: number
}

export interface GroupMembersTable {
  group_id: string
  user_id: string
  added_at: number
}

export type MemberRole = 'viewer' | 'editor'
export type RecipientType = 'user' | 'group'

/** One recipient's role on one of the owner's files or folders (migration 026). */
export interface MemberSharesTable {
  id: string
  owner_id: string
  item_type: ShareItemType
  item_id: string
  recipient_type: RecipientType
  recipient_id: string
  role: MemberRole
  created_by: string
  created_at: number
}

/** A file's extracted text and its indexing job (migration 030). */
export interface ContentIndexTable {
  file_id: string
  /** pending | working:<instance> | indexed | not_indexed | skipped */
  state: string
  reason: string | null
  body: string | null
  body_bytes: number | null
  updated_at: number | null
  /** SQLite only: the file's rowid, the FTS5 row's id. */
  file_rowid: Generated<number>
  /** PostgreSQL only: the stripped tsvector of the folded words. */
  words: Generated<string | null>
}

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  mail_tokens: MailTokensTable
  folders: FoldersTable
  files: FilesTable
  file_versions: FileVersionsTable
  blob_outbox: BlobOutboxTable
  blob_refs: BlobRefsTable
  blob_key_pool: BlobKeyPoolTable
  instances: InstancesTable
  settings: SettingsTable
  uploads: UploadsTable
  share_links: ShareLinksTable
  quota_reservations: QuotaReservationsTable
  app_passwords: AppPasswordsTable
  invites: InvitesTable
  audit_log: AuditLogTable
  recovery_codes: RecoveryCodesTable
  login_challenges: LoginChallengesTable
  dav_properties: DavPropertiesTable
  dav_locks: DavLocksTable
  oidc_identities: OidcIdentitiesTable
  passkeys: PasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  groups: GroupsTable
  group_members: GroupMembersTable
  member_shares: MemberSharesTable
  content_index: ContentIndexTable
}

export type Folder = Selectable<FoldersTable>
export type FileRow = Selectable<FilesTable>
export type FileVersion = Selectable<FileVersionsTable>
export type UploadRow = Selectable<UploadsTable>
export type ShareLink = Selectable<ShareLinksTable>
export type NewShareLink = Insertable<ShareLinksTable>

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>
export type NewSession = Insertable<SessionsTable>
export type AppPassword = Selectable<AppPasswordsTable>
export type AuditEntry = Selectable<AuditLogTable>
export type LoginChallenge = Selectable<LoginChallengesTable>
export type Passkey = Selectable<PasskeysTable>
export type WebauthnChallenge = Selectable<WebauthnChallengesTable>
export type Group = Selectable<GroupsTable>
export type MemberShare = Selectable<MemberSharesTable>
