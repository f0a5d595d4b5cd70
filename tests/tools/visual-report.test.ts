import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { acceptVisualChanges, describeReport, writeVisualReport } from '../../scripts/visual-report.mjs'

/** A solid 8×8 PNG of one colour, with one pixel of `spot` at (2, 2) if given. */
function png(color: [number, number, number], spot?: [number, number, number]): Buffer {
  const size = 8
  const rows: number[] = []
  for (let y = 0; y < size; y++) {
    rows.push(0)
    for (let x = 0; x < size; x++) rows.push(...(spot && x === 2 && y === 2 ? spot : color), 255)
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const put = (path: string, image: Buffer) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, image)
}

interface Summary {
  html: string
  changed: string[]
  added: string[]
  missing: string[]
  passed: string[]
}

const grey: [number, number, number] = [128, 128, 128]
const blue: [number, number, number] = [30, 90, 200]

describe('the visual review page (scripts/visual-report.mjs)', () => {
  let dir: string
  let baselines: string
  let reportDir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'visual-report-'))
    baselines = join(dir, 'baselines')
    reportDir = join(dir, 'report')
    // Baselines: same.png, changed.png, gone.png (in a project folder, as the app's are).
    put(join(baselines, 'desktop/same.png'), png(grey))
    put(join(baselines, 'desktop/changed.png'), png(grey))
    put(join(baselines, 'desktop/gone.png'), png(blue))
    // What jest-image-snapshot leaves beside the baselines after a failure is no baseline.
    put(join(baselines, '__diff_output__/changed-diff.png'), png(blue))
    // This run: same.png as it was, changed.png with one red pixel, new.png never seen before.
    put(join(reportDir, 'actual/desktop/same.png'), png(grey))
    put(join(reportDir, 'actual/desktop/changed.png'), png(grey, [255, 0, 0]))
    put(join(reportDir, 'actual/desktop/new.png'), png(blue))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('lists the changed, new and missing screenshots and writes one HTML page with their images', () => {
    const summary = writeVisualReport({ baselines, reportDir }) as Summary
    expect(summary.changed).toEqual(['desktop/changed.png'])
    expect(summary.added).toEqual(['desktop/new.png'])
    expect(summary.missing).toEqual(['desktop/gone.png'])
    expect(summary.passed).toEqual(['desktop/same.png'])
    const html = readFileSync(summary.html, 'utf8')
    // The report's data names the images and the three folders beside it; no outside requests.
    expect(html).toContain('desktop/changed.png')
    for (const folder of ['expected', 'actual', 'diff']) expect(html).toContain(`"${folder}Dir":"./${folder}"`)
    expect(html).not.toContain('fonts.googleapis.com')
    expect(readFileSync(join(reportDir, 'diff/desktop/changed.png')).subarray(1, 4).toString()).toBe('PNG')
    expect(describeReport('test', summary)).toMatch(
      /^test: visual report .*index\.html \(1 unchanged; 1 changed, 1 new, 1 not shot; \d+\.\d s\)$/,
    )
  })

  it('says so when nothing changed, and leaves out baselines a filtered run did not shoot', () => {
    rmSync(join(reportDir, 'actual/desktop/changed.png'))
    rmSync(join(reportDir, 'actual/desktop/new.png'))
    const summary = writeVisualReport({ baselines, reportDir, onlyShot: true }) as Summary
    expect(summary).toMatchObject({ changed: [], added: [], missing: [], passed: ['desktop/same.png'] })
    expect(describeReport('test', summary)).toContain('(1 unchanged; no differences;')
  })

  it('accepts the changed and new screenshots over the baselines and leaves the rest alone', () => {
    writeVisualReport({ baselines, reportDir })
    const sameBefore = readFileSync(join(baselines, 'desktop/same.png'))
    expect(acceptVisualChanges({ baselines, reportDir })).toEqual(['desktop/changed.png', 'desktop/new.png'])
    expect(readFileSync(join(baselines, 'desktop/changed.png'))).toEqual(png(grey, [255, 0, 0]))
    expect(readFileSync(join(baselines, 'desktop/new.png'))).toEqual(png(blue))
    expect(readFileSync(join(baselines, 'desktop/same.png'))).toEqual(sameBefore)
    expect(readFileSync(join(baselines, 'desktop/gone.png'))).toEqual(png(blue))
    // The next run against the accepted baselines finds no difference.
    rmSync(join(baselines, 'desktop/gone.png'))
    expect(writeVisualReport({ baselines, reportDir })).toMatchObject({ changed: [], added: [], missing: [] })
  })
})
