// The family that the sharing screens (family.visual.ts, admin.visual.ts) look at: four accounts
// with display names, the admin's groups Grandparents and Kids, and member shares between them,
// made through the real API once per run (global-setup.ts), after the drive of seed.ts. The seeded
// account of seed.ts takes no part: nothing is shared with it, so its screens stay as they were.
import { request as newRequest, type APIRequestContext, type APIResponse } from '@playwright/test'
import { ADMIN_EMAIL, createFolder, logIn, PASSWORD, signUp, upload, uuid } from '../../support/api.ts'
import { inOrder, picture, waitForThumbnail } from './seed.ts'

/** Whose screens the family shots show: Ben, to whom the others share. */
export const FAMILY = {
  ben: { email: 'ben.carter@example.com', name: 'Ben Carter' },
  cleo: { email: 'cleo.carter@example.com', name: 'Cleo Carter' },
  dan: { email: 'dan.carter@example.com', name: 'Dan Carter' },
  rose: { email: 'rose.carter@example.com', name: 'Rose Carter' },
} as const

export type Relative = keyof typeof FAMILY

/** What the specs need to reach the family's items (ids are random per run). */
export interface FamilySeed {
  users: Record<Relative, string>
  groups: { grandparents: string; kids: string }
  folders: Record<string, string>
  files: Record<string, string>
}

/** The seed global-setup.ts handed to the workers. */
export function familySeed(): FamilySeed {
  const seed = process.env.VISUAL_APP_FAMILY
  if (!seed) throw new Error('VISUAL_APP_FAMILY is missing: run through e2e/visual/playwright.config.ts')
  return JSON.parse(seed) as FamilySeed
}

async function ok<T>(response: APIResponse, status: number, what: string): Promise<T> {
  if (response.status() !== status) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`)
  return (await response.json()) as T
}

async function myId(request: APIRequestContext): Promise<string> {
  return (await ok<{ _id: string }>(await request.get('/user-service/user'), 200, 'user'))._id
}

/** The owner on `request` gives a person or a group `role` on an item (POST /share-service/members). */
async function share(
  request: APIRequestContext,
  item: { itemType: 'file' | 'folder'; itemId: string },
  to: { userId: string } | { groupId: string },
  role: 'viewer' | 'editor',
): Promise<void> {
  await inOrder(async () =>
    ok(
      await request.post('/share-service/members', { data: { ...item, ...to, role }, headers: { uuid } }),
      201,
      'share',
    ),
  )
}

const bytes = (length: number, fill: string) => Buffer.alloc(length, fill)

export async function seedFamily(baseURL: string | undefined): Promise<FamilySeed> {
  const contexts: APIRequestContext[] = []
  const session = async () => {
    const context = await newRequest.newContext({ baseURL })
    contexts.push(context)
    return context
  }
  try {
    const as = {} as Record<Relative, APIRequestContext>
    const users = {} as Record<Relative, string>
    for (const who of Object.keys(FAMILY) as Relative[]) {
      as[who] = await session()
      await signUp(as[who], FAMILY[who].email, PASSWORD, { displayName: FAMILY[who].name })
      users[who] = await myId(as[who])
    }

    const admin = await session()
    await logIn(admin, ADMIN_EMAIL)
    const group = async (name: string, members: Relative[]) => {
      const made = await ok<{ group: { _id: string } }>(
        await admin.post('/admin/groups', { data: { name }, headers: { uuid } }),
        201,
        `group ${name}`,
      )
      for (const m of members)
        await ok(
          await admin.post(`/admin/groups/${made.group._id}/members`, {
            data: { userId: users[m] },
            headers: { uuid },
          }),
          201,
          `member of ${name}`,
        )
      return made.group._id
    }
    const groups = {
      grandparents: await group('Grandparents', ['rose', 'dan']),
      kids: await group('Kids', ['ben', 'cleo']),
    }

    const folders: Record<string, string> = {}
    const files: Record<string, string> = {}
    const folder = async (who: Relative, name: string, parent = '/') =>
      (folders[name] = (await inOrder(() => createFolder(as[who], name, parent)))._id)
    const file = async (who: Relative, name: string, body: Buffer, parent = '/') =>
      (files[name] = (await inOrder(() => upload(as[who], name, body, parent)))._id)
    const photo = (width: number, height: number, base: [number, number, number], disc: [number, number, number]) =>
      picture('jpeg', width, height, base, disc)

    const fileItem = (name: string) => ({ itemType: 'file' as const, itemId: files[name]! })
    const folderItem = (name: string) => ({ itemType: 'folder' as const, itemId: folders[name]! })

    // Ben's own: a folder he shares (the share dialog's access list) and a photo of his.
    await folder('ben', 'Recipes')
    await file('ben', 'apple-pie.txt', bytes(1_204, 'a'), folders.Recipes)
    await file('ben', 'bike-ride.jpg', await photo(640, 480, [170, 70, 50], [250, 230, 120]))

    // Cleo's folder, Ben may only view it.
    await folder('cleo', 'School projects')
    await file('cleo', 'science-fair.pptx', bytes(182_400, 's'), folders['School projects'])
    await file('cleo', 'essay.docx', bytes(24_576, 'e'), folders['School projects'])

    // Dan's folder of photos, Ben and Cleo may edit it; Cleo adds a photo of hers.
    await folder('dan', 'Family photos')
    await file(
      'dan',
      'lake-house.jpg',
      await photo(800, 533, [50, 120, 160], [240, 240, 235]),
      folders['Family photos'],
    )
    await file(
      'dan',
      'birthday-cake.jpg',
      await photo(640, 640, [150, 60, 120], [255, 200, 80]),
      folders['Family photos'],
    )
    // Shared with me lists the newest share first: Rose's file, Cleo's folder, then this one.
    await share(as.dan, folderItem('Family photos'), { userId: users.ben }, 'editor')
    await share(as.dan, folderItem('Family photos'), { userId: users.cleo }, 'editor')
    await file(
      'cleo',
      'garden-swing.jpg',
      await photo(720, 480, [60, 140, 70], [250, 120, 90]),
      folders['Family photos'],
    )

    // Rose's photo, shared on its own.
    await file('rose', 'old-farmhouse.jpg', await photo(800, 600, [140, 110, 60], [230, 230, 250]))

    for (const [name, who] of [
      ['bike-ride.jpg', 'ben'],
      ['lake-house.jpg', 'dan'],
      ['birthday-cake.jpg', 'dan'],
      ['garden-swing.jpg', 'dan'],
      ['old-farmhouse.jpg', 'rose'],
    ] as const)
      await waitForThumbnail(as[who], files[name]!)

    await share(as.cleo, folderItem('School projects'), { userId: users.ben }, 'viewer')
    await share(as.rose, fileItem('old-farmhouse.jpg'), { userId: users.ben }, 'viewer')
    await share(as.ben, folderItem('Recipes'), { userId: users.cleo }, 'viewer')
    await share(as.ben, folderItem('Recipes'), { userId: users.dan }, 'editor')
    await share(as.ben, folderItem('Recipes'), { groupId: groups.grandparents }, 'viewer')

    return { users, groups, folders, files }
  } finally {
    for (const context of contexts) await context.dispose()
  }
}
