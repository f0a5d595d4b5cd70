// Table types for Kysely. Times are integer milliseconds since the epoch and flags are 0/1
// integers, so one schema reads the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable } from 'kysely'

export interface UsersTable {
  id: string
  email: string
  password_hash: string
  email_verified: number
  created_at: number
  verify_sent_at: number | null
  reset_sent_at: number | null
  /** Bumped by triggers on every write to the user's files and folders (migration 004). */
  drive_version: Generated<number>
}

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
  created_at: number
  updated_at: number
  trashed: number
  trash_root: number
  trashed_at: number | null
}

export type LinkType = 'public' | 'one'

export interface FilesTable {
  id: string
  owner_id: string
  folder_id: string | null
  filename: string
  name_key: string
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
}

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  mail_tokens: MailTokensTable
  folders: FoldersTable
  files: FilesTable
  blob_outbox: BlobOutboxTable
  instances: InstancesTable
  settings: SettingsTable
  uploads: UploadsTable
}

export type Folder = Selectable<FoldersTable>
export type FileRow = Selectable<FilesTable>
export type UploadRow = Selectable<UploadsTable>

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>
