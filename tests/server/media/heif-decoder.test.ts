// The HEIF decoders on their own. The WASM thread: a decode past its time limit is stopped (the
// thread ends, the next photo gets a new one), and a thread with nothing to do ends, handing back
// its WASM heap. Both it and the system's libheif (heif-dec / heif-convert): the same pixels the
// right way up, and a broken file, a decode past its time limit or one past the pixel cap is an
// error for the job (its file gets no preview), never a crash or a leftover temp file.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { findHeifCli } from '../../../server/services/media/heif-cli.ts'
import { createHeifDecoder, type DecodedHeif } from '../../../server/services/media/heif-decoder.ts'
import { heifEncAvailable, makeHeic, makeRotatedHeic, truncated } from '../helpers/media-fixtures.ts'

describe.skipIf(!heifEncAvailable)('the HEIF decoder thread (needs heif-enc)', () => {
  it('given a decode past the time limit, then it is stopped with a clear error and the next photo decodes in a new thread', async () => {
    const heic = await makeHeic({ width: 640, height: 480, noise: true, exif: null })
    const slow = createHeifDecoder({ timeoutMs: 1 })
    await expect(slow.decode(heic, 40_000_000)).rejects.toThrow(/was stopped/)
    expect(slow.running).toBe(false)
    slow.close()
    const decoder = createHeifDecoder({ idleMs: 200 })
    const raw = await decoder.decode(heic, 40_000_000)
    expect('data' in raw && [raw.width, raw.height, raw.channels, raw.data.length]).toEqual([
      640,
      480,
      4,
      640 * 480 * 4,
    ])
    expect(decoder.threadsStarted).toBe(1)
    // Quiet for its idle time: the thread ends, and the next photo starts another.
    await expect.poll(() => decoder.running, { timeout: 10_000 }).toBe(false)
    await decoder.decode(heic, 40_000_000)
    expect(decoder.threadsStarted).toBe(2)
    decoder.close()
  })

  it('given photos at once, then they are decoded one after the other, each answered with its own pixels', async () => {
    const [a, b] = await Promise.all([makeHeic({ width: 64, height: 48 }), makeHeic({ width: 48, height: 64 })])
    const decoder = createHeifDecoder()
    const [da, db] = await Promise.all([decoder.decode(a!, 1e6), decoder.decode(b!, 1e6)])
    expect([da.width, da.height, db.width, db.height]).toEqual([64, 48, 48, 64])
    await expect(decoder.decode(a!, 100)).rejects.toThrow(/past the pixel cap/)
    decoder.close()
  })
})

const cli = findHeifCli()

/** The decoded picture's pixels as shown: the WASM build's RGBA, or the system decoder's JPEG read raw. */
async function pixelsOf(decoded: DecodedHeif) {
  if (!('jpeg' in decoded)) return decoded
  // autoOrient: a JPEG with an Orientation left in it would be turned here, and fail the corners.
  const { data, info } = await sharp(decoded.jpeg, { autoOrient: true }).raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, channels: info.channels, data }
}

/** Whether the red marker is in each corner of the decoded picture. */
function markerCorners(raw: { width: number; height: number; channels: number; data: Uint8Array }) {
  const at = (fx: number, fy: number) => {
    const i = (Math.floor(raw.height * fy) * raw.width + Math.floor(raw.width * fx)) * raw.channels
    return raw.data[i]! > 180 && raw.data[i + 1]! < 90 && raw.data[i + 2]! < 90
  }
  return [at(0.08, 0.04), at(0.92, 0.04), at(0.08, 0.96), at(0.92, 0.96)]
}

describe.skipIf(!heifEncAvailable || !cli)(
  'the system HEIF decoder beside the WASM one (needs heif-enc and heif-dec/heif-convert)',
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cumulus-heif-test-'))
    afterAll(() => rmSync(scratch, { recursive: true, force: true }))

    it('finds the decoder on PATH, and none on a PATH without it', () => {
      expect(cli).toMatch(/heif-(dec|convert)$/)
      expect(findHeifCli('/nonexistent')).toBeUndefined()
      expect(createHeifDecoder({ cli }).backend).toBe('system')
      expect(createHeifDecoder().backend).toBe('wasm')
    })

    it('given a portrait HEIC stored with irot, then both decode it to the same upright size and pixels', async () => {
      const heic = await makeRotatedHeic(240, 120)
      const system = createHeifDecoder({ cli, tmpDir: scratch })
      const wasm = createHeifDecoder()
      const [jpeg, rgba] = await Promise.all([system.decode(heic, 1e6), wasm.decode(heic, 1e6)])
      wasm.close()
      expect([jpeg.width, jpeg.height, 'jpeg' in jpeg]).toEqual([120, 240, true])
      expect([rgba.width, rgba.height, 'data' in rgba]).toEqual([120, 240, true])
      // The system decoder's JPEG carries no EXIF: no Orientation to turn it twice, no GPS.
      expect((await sharp((jpeg as { jpeg: Buffer }).jpeg).metadata()).exif).toBeUndefined()
      const [a, b] = await Promise.all([pixelsOf(jpeg), pixelsOf(rgba)])
      expect([a.width, a.height, b.width, b.height]).toEqual([120, 240, 120, 240])
      // The marker top right, as the picture is shown (irot 90° clockwise of the stored top left).
      expect(markerCorners(a)).toEqual([false, true, false, false])
      expect(markerCorners(b)).toEqual([false, true, false, false])
      // The same picture: the mean colour of each differs by less than JPEG's loss.
      const mean = async (r: typeof a) =>
        (
          await sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels as 3 | 4 } }).stats()
        ).channels
          .slice(0, 3)
          .map((c) => c.mean)
      const [ma, mb] = await Promise.all([mean(a), mean(b)])
      ma.forEach((m, i) => expect(Math.abs(m - mb[i]!)).toBeLessThan(3))
      expect(readdirSync(scratch)).toEqual([])
    })

    it.each([
      ['system', () => createHeifDecoder({ cli, tmpDir: scratch })],
      ['wasm', () => createHeifDecoder()],
    ])(
      '%s: a truncated file, a decode past its time limit and one past the pixel cap are errors, and the next photo decodes',
      async (_name, make) => {
        const whole = await makeHeic({ width: 640, height: 480, noise: true, exif: null })
        const decoder = make()
        await expect(decoder.decode(truncated(whole, 0.5), 40_000_000)).rejects.toThrow()
        await expect(decoder.decode(Buffer.from('not an ISO-BMFF file at all'), 40_000_000)).rejects.toThrow()
        await expect(decoder.decode(whole, 640 * 480 - 1)).rejects.toThrow(/past the pixel cap/)
        decoder.close()
        const slow =
          _name === 'system'
            ? createHeifDecoder({ cli, tmpDir: scratch, timeoutMs: 1 })
            : createHeifDecoder({ timeoutMs: 1 })
        await expect(slow.decode(whole, 40_000_000)).rejects.toThrow(/was stopped/)
        slow.close()
        const next = make()
        const raw = await next.decode(whole, 40_000_000)
        expect([raw.width, raw.height]).toEqual([640, 480])
        next.close()
        expect(readdirSync(scratch)).toEqual([])
      },
    )
  },
)
