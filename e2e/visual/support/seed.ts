// The drive every visual spec looks at: the same names, sizes, pixels and order on every run, made
// through the real API once per run (global-setup.ts) on the suite's throwaway server.
import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import type { FileJson, FolderJson } from '../../../server/schemas/files.ts'
import { createFolder, fileInfo, makePublic, PASSWORD, signUp, upload, uuid } from '../../support/api.ts'

/** The account whose drive the signed-in screens show (its email is on the settings screen). */
export const SEED_EMAIL = 'ada@example.com'
export { PASSWORD }

/** What the specs need to reach the seeded items (ids and the share token are random per run). */
export interface Seed {
  email: string
  folders: Record<string, string>
  files: Record<string, string>
  /** The public link token of `publicFile`. */
  publicLink: string
  publicFile: string
}

/**
 * A W×H picture of two colour ramps and a disc, as raw pixels, so that every byte comes from this
 * code: no fonts, no SVG renderer, no randomness (sharp only encodes it).
 */
export async function picture(
  format: 'jpeg' | 'png' | 'webp',
  width: number,
  height: number,
  [r, g, b]: [number, number, number],
  disc: [number, number, number],
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  const cx = width * 0.65
  const cy = height * 0.4
  const radius = Math.min(width, height) * 0.22
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
      const shade = y / height
      const across = x / width
      pixels[i] = inDisc ? disc[0] : Math.round(r * (1 - shade) + 30 * shade + 20 * across)
      pixels[i + 1] = inDisc ? disc[1] : Math.round(g * (1 - shade) + 40 * shade)
      pixels[i + 2] = inDisc ? disc[2] : Math.round(b * (1 - shade) + 80 * shade)
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer()
}

/** Plain bytes of an exact length: the size shown is the same on every run. */
const bytes = (length: number, fill = 'x') => Buffer.alloc(length, fill)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Lists sort by date (newest first) and break ties by random ids: a short pause after each write
 * gives every item its own timestamp, so the order is the creation order on every run.
 */
export async function inOrder<T>(make: () => Promise<T>): Promise<T> {
  const made = await make()
  await sleep(15)
  return made
}

export async function waitForThumbnail(request: APIRequestContext, id: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if ((await fileInfo(request, id)).metadata.hasThumbnail) return
    await sleep(100)
  }
  throw new Error(`no thumbnail for ${id} after 30 s`)
}

async function trash(request: APIRequestContext, kind: 'file' | 'folder', id: string): Promise<void> {
  const r = await request.patch(`/${kind}-service/trash`, { data: { id }, headers: { uuid } })
  if (r.status() !== 200) throw new Error(`trash ${kind} failed: ${r.status()} ${await r.text()}`)
}

/** Signs up SEED_EMAIL on `request` (which keeps its cookies) and fills its drive. */
export async function seedDrive(request: APIRequestContext): Promise<Seed> {
  await signUp(request, SEED_EMAIL, PASSWORD)
  const folders: Record<string, FolderJson> = {}
  const files: Record<string, FileJson> = {}
  const folder = async (name: string, parent = '/') =>
    (folders[name] = await inOrder(() => createFolder(request, name, parent)))
  const file = async (name: string, body: Buffer, parent = '/') => {
    const made = await inOrder(() => upload(request, name, body, parent))
    files[name] = await fileInfo(request, made._id)
    return made
  }

  // Oldest first: the screens list newest first.
  await folder('Projects')
  await folder('Music')
  await folder('Holiday photos')
  await folder('Documents')
  await folder('Invoices', folders.Documents!._id)
  await folder('Old drafts')

  await file('weekly-report.txt', bytes(3_412, 'w'), folders.Documents!._id)
  await file('letter.docx', bytes(18_230, 'l'), folders.Documents!._id)
  await file('budget-2025.xlsx', bytes(48_117, 'b'), folders.Documents!._id)
  await file(
    'harbour.jpg',
    await picture('jpeg', 960, 640, [40, 110, 170], [250, 210, 90]),
    folders['Holiday photos']!._id,
  )
  await file('old-budget.xlsx', bytes(9_001, 'o'))
  await file('song.mp3', bytes(412_000, 's'))
  await file('archive.zip', bytes(1_250_000, 'z'))
  await file('presentation.pptx', bytes(734_509, 'p'))
  await file('meeting-notes.txt', bytes(2_048, 'm'))
  await file('annual-report.pdf', bytes(254_880, 'a'))
  await file('mountains.png', await picture('png', 800, 600, [90, 150, 110], [240, 240, 235]))
  await file('city-night.webp', await picture('webp', 640, 800, [30, 30, 90], [255, 190, 60]))
  await file('beach.jpg', await picture('jpeg', 1024, 683, [60, 170, 210], [255, 240, 200]))

  for (const name of ['harbour.jpg', 'mountains.png', 'city-night.webp', 'beach.jpg'])
    await waitForThumbnail(request, files[name]!._id)

  await trash(request, 'file', files['old-budget.xlsx']!._id)
  await trash(request, 'folder', folders['Old drafts']!._id)
  const shared = await makePublic(request, files['annual-report.pdf']!._id)

  return {
    email: SEED_EMAIL,
    folders: Object.fromEntries(Object.entries(folders).map(([name, f]) => [name, f._id])),
    files: Object.fromEntries(Object.entries(files).map(([name, f]) => [name, f._id])),
    publicFile: shared._id,
    publicLink: shared.metadata.link!,
  }
}
