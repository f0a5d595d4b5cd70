// Shared set-up of the family suites: a server whose first account (the admin) is made first.
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type StartOptions, type TestServer } from '../helpers/server.ts'

export interface Family {
  server: TestServer
  admin: Browser
  adminEmail: string
}

export async function startFamily(opts: StartOptions = {}): Promise<Family> {
  const server = await startServer(opts)
  const admin = new Browser(server.url)
  const adminEmail = uniqueEmail('admin')
  const r = await admin.post('/user-service/create', { email: adminEmail, password: 'admin-pass' })
  if (r.status !== 201 || r.body.user.role !== 'admin')
    throw new Error(`the first account is not the admin: ${r.status} ${r.text}`)
  return { server, admin, adminEmail }
}

/** A signed-up member (role user), with their browser. */
export async function member(server: TestServer, tag = 'member', password = 'secret123') {
  const b = new Browser(server.url)
  const email = uniqueEmail(tag)
  const { user } = await b.signup(email, password)
  return { b, email, id: user._id as string, password }
}

/** Every row of any table that names `userId`, by table and column. */
export async function rowsNaming(server: TestServer, userId: string): Promise<string[]> {
  const db = server.app.cumulus.db as any
  const found: string[] = []
  const columns: Array<[string, string]> = [
    ['users', 'id'],
    ['sessions', 'user_id'],
    ['mail_tokens', 'user_id'],
    ['folders', 'owner_id'],
    ['files', 'owner_id'],
    ['uploads', 'owner_id'],
    ['share_links', 'owner_id'],
    ['quota_reservations', 'user_id'],
    ['app_passwords', 'user_id'],
    ['audit_log', 'subject_id'],
    ['audit_log', 'actor_id'],
    ['invites', 'created_by'],
    ['recovery_codes', 'user_id'],
    ['login_challenges', 'user_id'],
    ['dav_properties', 'owner_id'],
    ['dav_locks', 'owner_id'],
    ['group_members', 'user_id'],
  ]
  for (const [table, column] of columns) {
    const rows = await db.selectFrom(table).select(column).where(column, '=', userId).execute()
    if (rows.length) found.push(`${table}.${column}: ${rows.length}`)
  }
  return found
}
