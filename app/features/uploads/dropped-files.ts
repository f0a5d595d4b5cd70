// Turning a drop into upload jobs. A dropped folder only shows up as a directory entry
// (webkitGetAsEntry); its files are read by walking it, and each gets its path inside the folder
// explicitly, since File.webkitRelativePath is read-only and empty for dropped files.
import type { FolderUploadEntry } from '../../api/uploads.ts'
import type { UploadJob } from './start-uploads.ts'

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory

const readFile = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject))

async function readChildren(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader()
  const children: FileSystemEntry[] = []
  // readEntries hands out a directory in batches (100 at a time in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (batch.length === 0) return children
    children.push(...batch)
  }
}

async function walk(entry: FileSystemEntry, prefix: string): Promise<FolderUploadEntry[]> {
  const path = `${prefix}${entry.name}`
  if (isFile(entry)) return [{ file: await readFile(entry), path }]
  if (!isDirectory(entry)) return []
  const nested = await Promise.all((await readChildren(entry)).map((child) => walk(child, `${path}/`)))
  return nested.flat()
}

async function folderJob(directory: FileSystemDirectoryEntry): Promise<UploadJob | null> {
  try {
    const entries = await walk(directory, '')
    // An empty folder has nothing to send (a folder upload needs files inside the folder).
    return entries.length > 0 ? { type: 'folder', entries } : null
  } catch (error) {
    console.warn('Reading a dropped folder failed', directory.name, error)
    return null
  }
}

/**
 * The jobs of a drop: each dropped folder is one folder upload, each loose file a file upload.
 * Call it inside the drop handler: the entries must be taken before the event ends, when the
 * browser empties the DataTransfer. Without the entry API the plain files are uploaded.
 */
export function droppedJobs(data: DataTransfer): Promise<UploadJob[]> {
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file')
  if (items.length === 0 || typeof items[0]?.webkitGetAsEntry !== 'function') {
    return Promise.resolve(Array.from(data.files ?? []).map((file) => ({ type: 'file', file })))
  }
  const pending = items.map((item): Promise<UploadJob | null> => {
    const entry = item.webkitGetAsEntry()
    if (entry && isDirectory(entry)) return folderJob(entry)
    const file = item.getAsFile()
    return Promise.resolve(file ? { type: 'file', file } : null)
  })
  return Promise.all(pending).then((jobs) => jobs.filter((job) => job !== null))
}
