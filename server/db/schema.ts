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

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  mail_tokens: MailTokensTable
  /** Kysely's own bookkeeping is not listed; `Generated` is kept for later tables. */
  _never?: { id: Generated<number> }
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Session = Selectable<SessionsTable>
