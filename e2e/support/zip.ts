// Reads the zips the app downloads (a multi-selection, a shared folder), for specs to check what
// they hold.
import yauzl from 'yauzl'

/** A zip's files by name (folders left out). */
export function zipEntries(buffer: Buffer): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const out: Record<string, Buffer> = {}
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry()
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks)
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(out))
      zip.readEntry()
    })
  })
}

/** A zip's files by name, each read as UTF-8 text. */
export async function zipTexts(buffer: Buffer): Promise<Record<string, string>> {
  const entries = await zipEntries(buffer)
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, bytes.toString()]))
}
