// services/drive/json.ts fileListJson writes a file list's JSON itself: the same bytes as the /list
// route's response schema serialising rows.map((f) => fileJson(f)), for every kind of value a row holds.
import Fastify from 'fastify'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import type { FileSummary } from '../../../server/repositories/files.ts'
import { FileJson } from '../../../server/schemas/files.ts'
import { fileJson, fileListJson } from '../../../server/services/drive/json.ts'

const row = (over: Partial<FileSummary>): FileSummary => ({
  id: 'AbC-_09xyzAbC-_09xyzAb',
  filename: 'Report 2024.pdf',
  size: 12_345,
  upload_date: 1_732_500_000_123,
  taken_date: over.upload_date ?? 1_732_500_000_123,
  folder_id: 'folder-1',
  added_by: null,
  has_thumbnail: 0,
  is_video: 0,
  thumbnail_id: null,
  thumb_state: 'none',
  mime: 'application/pdf',
  width: null,
  height: null,
  link_type: null,
  link_token: null,
  trashed: 0,
  trashed_at: null,
  ...over,
})

const ROWS: FileSummary[] = [
  row({}),
  row({ folder_id: null, has_thumbnail: 1, is_video: 1, thumbnail_id: 'thumb-1', size: 0, mime: 'video/mp4' }),
  row({ mime: 'image/heic', width: 4032, height: 3024 }),
  row({ mime: 'application/octet-stream' }),
  row({ filename: 'quote " and back\\slash.txt', link_type: 'public', link_token: 'tok-1' }),
  row({ filename: 'tab\tnew\nline\u0001\u001f\u007f.txt', link_type: 'one', link_token: 'tok"2', trashed: 1 }),
  row({
    filename: 'lone \ud800 surrogate \udc00 and 😀 emoji \u2028\u2029.txt',
    link_type: 'public',
    link_token: null,
  }),
  row({ filename: `${'long name '.repeat(10)}"quoted".txt`, size: 8 * 1024 ** 4 + 1 }),
  row({ filename: `${'x'.repeat(6000)}\\.txt`, upload_date: 0 }),
  row({ filename: 'ünïcødé 名前 ملف.txt', upload_date: -1 }),
  row({ filename: '', upload_date: 253_402_300_800_000, size: 2 ** 53 - 1 }),
  row({ link_type: null, link_token: 'orphan-token', trashed: 1 }),
  row({ trashed: 1, trashed_at: 1_732_600_000_000 }),
  // A photo's taken date (EXIF) travels only when it differs from the upload date.
  row({ has_thumbnail: 1, thumbnail_id: 'thumb-2', taken_date: 1_563_129_005_000 }),
  row({ taken_date: -1, link_type: 'public', link_token: 'tok-3', trashed: 1 }),
  row({ upload_date: 0, taken_date: 253_402_300_800_000 }),
  row({ taken_date: 1_732_500_000_124 }),
  // A thumbnail queued, or being made, says so; done and failed ones do not.
  row({ thumb_state: 'pending', taken_date: 1_563_129_005_000 }),
  row({ thumb_state: 'working:instance-1', link_type: 'one', link_token: 'tok-4' }),
  row({ thumb_state: 'failed' }),
  row({ thumb_state: 'done', has_thumbnail: 1, thumbnail_id: 'thumb-3' }),
]

/** What the route's schema serialiser writes for these rows. */
async function schemaSerialised(rows: FileSummary[]): Promise<string> {
  const app = Fastify()
  app.get('/list', { schema: { response: { 200: Type.Array(FileJson) } } }, async () => rows.map((f) => fileJson(f)))
  const body = (await app.inject('/list')).body
  await app.close()
  return body
}

describe('fileListJson', () => {
  it('given rows with every kind of value (escapes, surrogates, links, trash, taken dates, extreme dates and sizes), then it writes what the schema serialiser writes', async () => {
    for (const r of ROWS) expect(fileListJson([r]), r.filename.slice(0, 40)).toBe(await schemaSerialised([r]))
    expect(fileListJson(ROWS)).toBe(await schemaSerialised(ROWS))
  })

  it('given no rows, then it writes an empty array', async () => {
    expect(fileListJson([])).toBe(await schemaSerialised([]))
  })
})
