// Seeds folders and file rows straight into the Cumulus SQLite file with better-sqlite3: one
// prepared insert, big transactions. Going through HTTP would take hours for 1M rows, and the
// rows are exactly what uploads write (same columns, name_key = lower-case name); the FTS5
// trigram index fills itself through the migration's triggers. No blobs: listing never reads them.
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'

/** Deterministic PRNG (mulberry32), so every run lists and searches the same names. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  }
}

// Vocabulary of everyday file names. Deliberately free of the rare tokens below (checked at load).
const WORDS = (
  'report invoice holiday photo scan draft budget notes meeting summary contract receipt ' +
  'presentation slides resume letter statement payslip tax return passport ticket boarding ' +
  'itinerary recipe family birthday wedding garden kitchen renovation plan project proposal ' +
  'final review backup export archive screenshot video clip recording interview podcast ' +
  'lecture homework thesis chapter figure table dataset results analysis quarterly annual ' +
  'monthly weekly team offsite roadmap design mockup logo brand poster flyer brochure ' +
  'manual guide setup config license agreement insurance policy claim medical lab ' +
  'vaccination school report card portfolio sketch painting concert trip beach mountain ' +
  'city paris london berlin tokyo summer winter spring autumn christmas newyear party'
).split(/\s+/)
const EXTS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'heic',
  'mp4',
  'mov',
  'docx',
  'xlsx',
  'pptx',
  'txt',
  'md',
  'zip',
  'csv',
  'mp3',
]

/** A token found in only a handful of names: the selective search term. */
export const RARE_TOKEN = 'jqvortex'
/** Two letters that occur only inside RARE_TOKEN: a rare 2-character term (too short for a trigram match of its own). */
export const RARE_PAIR = 'jq'
/** A word every ~1 in 25 names carries: a 3+ character term with a large result set. */
export const COMMON_WORD = 'invoice'

for (const w of [...WORDS, ...EXTS])
  if (w.includes(RARE_PAIR) || w.includes('vortex')) throw new Error(`word list must not contain ${w}`)

/** A plausible file name; `i` keeps most names distinct, some repeat on purpose (name ties). */
export function fileName(r: ReturnType<typeof rng>, i: number): string {
  const ext = r.pick(EXTS)
  switch (r.int(6)) {
    case 0:
      return `IMG_${String(1000 + (i % 9000)).padStart(4, '0')}${i >= 9000 ? `_${Math.floor(i / 9000)}` : ''}.${ext === 'mp4' || ext === 'mov' ? 'mov' : 'jpg'}`
    case 1:
      return `${cap(r.pick(WORDS))} ${2015 + r.int(11)}-${pad(1 + r.int(12))}-${pad(1 + r.int(28))}.${ext}`
    case 2:
      return `${cap(r.pick(WORDS))} ${r.pick(WORDS)} ${r.pick(WORDS)} ${i}.${ext}`
    case 3:
      // Exact duplicates across the folder: alphabetical paging must break ties on the id.
      return `Copy of ${r.pick(WORDS)}.${ext}`
    case 4:
      return `${r.pick(WORDS)}_${r.pick(WORDS)}_v${1 + r.int(9)} (${i}).${ext}`
    default:
      return `Scan ${pad(r.int(100))}${pad(r.int(100))}${pad(r.int(100))} ${r.pick(WORDS)}.${ext}`
  }
}
const pad = (n: number) => String(n).padStart(2, '0')
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1)

/** Random base64url ids like the server's randomId(): 16 bytes from one big random buffer. */
function ids(n: number): () => string {
  const pool = randomBytes(16 * n)
  let k = 0
  return () => pool.toString('base64url', 16 * k, 16 * ++k)
}

export interface SeedRow {
  id: string
  filename: string
  upload_date: number
}

export interface SeedOptions {
  dbFile: string
  owner: string
  /** Folders to create under root; files are spread over them round-robin-ish. */
  folders: number
  files: number
  seed: number
  /** Every n-th file (roughly) gets RARE_TOKEN in its name; 0 = never. */
  rareEvery?: number
  /** Every n-th file gets COMMON_WORD; 0 = never. */
  commonEvery?: number
  /** Keep the (id, name, date) of each file in memory for paging checks. */
  keepRows?: boolean
  /** Mark every file as a photo (the Media page lists it). */
  media?: boolean
  /** Longest step back in time between two runs of files, in ms; defaults to 60,000. */
  maxDateStepMs?: number
  onProgress?: (done: number) => void
}

export interface SeedResult {
  folderIds: string[]
  rows: SeedRow[]
  seconds: number
}

const now = Date.now()

export function seed(o: SeedOptions): SeedResult {
  const db = new Database(o.dbFile)
  // This connection only: the bench's own throwaway data needs no crash safety while loading,
  // and a big page cache keeps the 8 indexes + FTS from thrashing.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -262144')
  db.pragma('busy_timeout = 10000')
  const r = rng(o.seed)
  const nextId = ids(o.files + o.folders)
  const t0 = process.hrtime.bigint()

  const insertFolder = db.prepare(
    `insert into folders (id, owner_id, parent_id, ancestors, name, name_key, created_at, updated_at, trashed, trash_root, trashed_at)
     values (?, ?, null, '/', ?, ?, ?, ?, 0, 0, null)`,
  )
  const insertFile = db.prepare(
    `insert into files (id, owner_id, folder_id, filename, name_key, size, sha256, blob_key, mime, upload_date, taken_date,
       trashed, trash_root, trashed_at, link_type, link_token, is_video, has_thumbnail, thumbnail_id, thumbnail_key, media, enc)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, null, null, null, 0, 0, null, null, ?, null)`,
  )

  const folderIds: string[] = []
  db.transaction(() => {
    for (let f = 0; f < o.folders; f++) {
      const id = nextId()
      const name = `${cap(r.pick(WORDS))} ${f}`
      insertFolder.run(id, o.owner, name, name.toLowerCase(), now - 400 * 86_400_000, now - 400 * 86_400_000)
      folderIds.push(id)
    }
  })()

  const rows: SeedRow[] = []
  // Upload dates walk back from now; runs of 1–30 files share one timestamp, as a folder upload
  // or a phone sync produces, so date paging must break ties on the id.
  let date = now
  let sameDateLeft = 0
  const BATCH = 50_000
  for (let start = 0; start < o.files; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(o.files, start + BATCH); i++) {
        if (sameDateLeft-- <= 0) {
          date -= 1 + r.int(o.maxDateStepMs ?? 60_000)
          sameDateLeft = r.int(30)
        }
        let name = fileName(r, i)
        if (o.rareEvery && r.int(o.rareEvery) === 0) name = `${name.replace(/\.\w+$/, '')} ${RARE_TOKEN}.pdf`
        else if (o.commonEvery && r.int(o.commonEvery) === 0) name = `${cap(COMMON_WORD)} ${i}.pdf`
        const id = nextId()
        const folder = folderIds[o.folders === 1 ? 0 : r.int(folderIds.length)]!
        const size = 1024 + r.int(50_000_000)
        insertFile.run(
          id,
          o.owner,
          folder,
          name,
          name.toLowerCase(),
          size,
          'seed',
          `seed-${id}`,
          o.media ? 'image/jpeg' : 'application/octet-stream',
          date,
          date,
          o.media ? 1 : 0,
        )
        if (o.keepRows) rows.push({ id, filename: name, upload_date: date })
      }
      // The batch's names into the search index now, as the server would have before a search.
      db.exec(
        'insert into files_fts(rowid, name_key) select f.rowid, f.name_key from files_fts_pending p join files f on f.rowid = p.file_rowid; delete from files_fts_pending',
      )
    })()
    o.onProgress?.(Math.min(o.files, start + BATCH))
  }
  // Fold the WAL back so the server's first queries don't wade through a huge log.
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { folderIds, rows, seconds: Number(process.hrtime.bigint() - t0) / 1e9 }
}

/** EXPLAIN QUERY PLAN of a statement against the bench database, for the diagnosis notes. */
export function queryPlan(dbFile: string, sqlText: string, params: unknown[]): string[] {
  const db = new Database(dbFile, { readonly: true })
  try {
    return (db.prepare(`explain query plan ${sqlText}`).all(...params) as Array<{ detail: string }>).map(
      (p) => p.detail,
    )
  } finally {
    db.close()
  }
}
