// The two upload forms of SPEC §7, read strictly. Every text field has a name the route takes, a
// byte cap and (but for file-data) one occurrence, and files come in the "file" field; anything
// else is a 400 naming it, before anything is stored. Busboy gets the same counts (parserOptions),
// so a flood of parts stops in the parser too instead of queueing in memory.
import type { Readable } from 'node:stream'
import type { Limits } from '../../config.ts'
import { errors } from '../../errors.ts'

export type FormLimits = Pick<Limits, 'uploadFieldBytes' | 'maxPathLength' | 'maxFilesPerUpload'>
/**
 * One part of a multipart body as the upload services read it: what the parser (busboy, through
 * @fastify/multipart) hands the route, named here so services need no HTTP types.
 */
interface PartBase {
  fieldname: string
  /** Every part seen so far by field name; the parser keeps them until the request ends. */
  fields: Record<string, unknown>
}
type TextPart = PartBase & { type: 'field'; value: unknown; valueTruncated: boolean }
export type FilePart = PartBase & {
  type: 'file'
  filename: string
  mimetype: string
  file: Readable & { truncated: boolean }
}
export type Multipart = TextPart | FilePart

/** A multipart request as an upload takes it: its declared length, and its parts once they may be read. */
export interface MultipartBody {
  /** The request's Content-Length, an upper bound of the file bytes it carries; undefined when it sent none. */
  length: number | undefined
  /** Starts reading the body: called only once the quota holds `length` (services/drive/quota.ts around). */
  parts: () => AsyncIterable<Multipart>
}

export interface UploadForm {
  /** Text fields taken at most once each. */
  once: readonly string[]
  /** The text field sent once per file, if any (file-data). */
  perFile?: string
  files: number
  fieldBytes: number
  perFileBytes: number
}

const FILE_FIELD = 'file'

/** POST /file-service/upload: filename, parent, currentID, size, conflict, then one file. */
export const fileForm = (limits: FormLimits): UploadForm => ({
  once: ['filename', 'parent', 'currentID', 'size', 'conflict'],
  files: 1,
  fieldBytes: limits.uploadFieldBytes,
  perFileBytes: 0,
})

/**
 * POST /folder-service/upload: parent, total-files, then per file a file-data JSON and the file.
 * file-data carries a path of up to maxPathLength characters (3 UTF-8 bytes each at worst) on top
 * of what any field may hold (the name, type, size and index).
 */
export const folderForm = (limits: FormLimits): UploadForm => ({
  once: ['parent', 'total-files'],
  perFile: 'file-data',
  files: limits.maxFilesPerUpload,
  fieldBytes: limits.uploadFieldBytes,
  perFileBytes: limits.uploadFieldBytes + 3 * limits.maxPathLength,
})

/**
 * Busboy's limits for `form`, for `req.parts()`. One part more than the form takes gets through, so
 * the reader below refuses it by name; the parser stops at the next.
 */
export function parserOptions(form: UploadForm) {
  const fields = form.once.length + (form.perFile ? form.files : 0)
  return {
    limits: {
      fields: fields + 1,
      files: form.files + 1,
      parts: fields + form.files + 1,
      fieldSize: Math.max(form.fieldBytes, form.perFileBytes),
    },
  }
}

const quoted = (name: string) => JSON.stringify(name)

/** The text of a field of `form`: unknown, repeated (`seen` holds the names read before) and oversized ones are refused. */
export function readField(form: UploadForm, part: TextPart, seen: { has(name: string): boolean }): string {
  const name = part.fieldname
  const perFile = name === form.perFile
  if (!perFile && !form.once.includes(name)) {
    const names = [...form.once, ...(form.perFile ? [form.perFile] : []), FILE_FIELD].map(quoted).join(', ')
    throw errors.badRequest(`Unknown field ${quoted(name)}: this upload takes ${names}`)
  }
  if (!perFile && seen.has(name)) throw errors.badRequest(`Field ${quoted(name)} was sent more than once`)
  // A part typed application/json arrives parsed: the forms take plain text.
  if (typeof part.value !== 'string') throw errors.badRequest(`Field ${quoted(name)} must be plain text`)
  const value = part.value
  const max = perFile ? form.perFileBytes : form.fieldBytes
  if (part.valueTruncated || Buffer.byteLength(value) > max)
    throw errors.badRequest(`Field ${quoted(name)} must be at most ${max} bytes`)
  return value
}

/** Files go in the "file" field. */
export function checkFilePart(part: FilePart): void {
  if (part.fieldname !== FILE_FIELD)
    throw errors.badRequest(`Unknown field ${quoted(part.fieldname)}: files go in "${FILE_FIELD}"`)
}

/**
 * @fastify/multipart keeps every part in `part.fields` until the request ends: a folder upload of
 * thousands of files would hold all their file-data. A part read is dropped from it.
 */
export function release(part: Multipart): void {
  delete part.fields[part.fieldname]
}
