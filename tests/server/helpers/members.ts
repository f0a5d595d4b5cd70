// Member shares for tests, written straight through the repository: the tests of what a share
// allows need one before the share API is exercised (tests/server/sharing/members.test.ts does).
import { randomId } from '../../../server/util/crypto.ts'
import type { MemberRole, RecipientType, ShareItemType } from '../../../server/db/schema.ts'
import { Browser, uniqueEmail } from './client.ts'
import type { TestServer } from './server.ts'

/** A signed-in account: its browser and id. */
export interface Member {
  browser: Browser
  id: string
  email: string
}

export async function member(server: TestServer, tag = 'member'): Promise<Member> {
  const browser = new Browser(server.url)
  const email = uniqueEmail(tag)
  await browser.signup(email)
  const me = await browser.get('/user-service/user')
  return { browser, id: me.body._id, email }
}

/** Gives `to` (an account or a group id) `role` on the owner's item; returns the share id. */
export async function shareWith(
  server: TestServer,
  owner: { id: string },
  item: { type: ShareItemType; id: string },
  to: { id: string; type?: RecipientType },
  role: MemberRole,
): Promise<string> {
  const id = randomId()
  await server.app.cumulus.drive.memberShares.insert({
    id,
    owner_id: owner.id,
    item_type: item.type,
    item_id: item.id,
    recipient_type: to.type ?? 'user',
    recipient_id: to.id,
    role,
    created_by: owner.id,
    created_at: Date.now(),
  })
  return id
}

/** Sets an account's display name (what the app shows of it), straight in the database. */
export async function named(server: TestServer, m: { id: string }, name: string): Promise<void> {
  await server.app.cumulus.db.updateTable('users').set({ display_name: name }).where('id', '=', m.id).execute()
}

/** A group of the admin's with `members`; returns its id. */
export async function group(server: TestServer, name: string, members: ReadonlyArray<{ id: string }>): Promise<string> {
  const id = randomId()
  const { groups } = server.app.cumulus
  await groups.insert({ id, name, name_key: name.toLowerCase(), created_at: Date.now() })
  for (const m of members) await groups.addMember(id, m.id, Date.now())
  return id
}
