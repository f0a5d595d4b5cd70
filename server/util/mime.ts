// File types by extension: decides isVideo, what the gallery can show, which zip entries are
// stored rather than deflated, and the Content-Type of streams.
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  heic: 'image/heic',
  heif: 'image/heif',
  hif: 'image/heif',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  ogv: 'video/ogg',
  '3gp': 'video/3gpp',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  bz2: 'application/x-bzip2',
  xz: 'application/x-xz',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  zst: 'application/zstd',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  log: 'text/plain',
  ini: 'text/plain',
  conf: 'text/plain',
  cfg: 'text/plain',
  env: 'text/plain',
  tsv: 'text/tab-separated-values',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  css: 'text/css',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  php: 'text/x-php',
  swift: 'text/x-swift',
  sh: 'text/x-shellscript',
  bash: 'text/x-shellscript',
  sql: 'text/x-sql',
  html: 'text/html',
  htm: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
}

// Formats whose bytes are already compressed: deflating them again only burns CPU.
const COMPRESSED = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'heic',
  'heif',
  'hif',
  'opus',
  'oga',
  'mp4',
  'm4v',
  'webm',
  'mov',
  'mkv',
  'avi',
  'ogv',
  '3gp',
  'mpg',
  'mpeg',
  'mp3',
  'm4a',
  'ogg',
  'aac',
  'flac',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'zst',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'pdf',
])

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The type we record: by extension when known, else the client's claim if well-formed. */
export function mimeFor(name: string, claimed?: string): string {
  const known = TYPES[extensionOf(name)]
  if (known) return known
  if (claimed && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(claimed)) return claimed.toLowerCase()
  return 'application/octet-stream'
}

/** Types whose text the content index reads (besides every text/*): migration 030's triggers name the same. */
export const INDEXED_DOCUMENT_TYPES = [
  'application/json',
  'application/xml',
  'application/yaml',
  'application/toml',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
] as const
export const isIndexedDocument = (mime: string) =>
  mime.startsWith('text/') || (INDEXED_DOCUMENT_TYPES as readonly string[]).includes(mime)

export const isVideoType = (mime: string) => mime.startsWith('video/')
export const isCompressed = (name: string) => COMPRESSED.has(extensionOf(name))

// Images sharp turns into thumbnails (and full-size rasters when the browser can't show them).
const THUMBNAIL_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/bmp',
  'image/svg+xml',
])
/** Rasters every browser shows as they are; everything else is converted for full view. */
const BROWSER_SAFE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'])

export const isThumbnailable = (mime: string) =>
  THUMBNAIL_IMAGES.has(mime) || isVideoType(mime) || isHeifType(mime) || isAudioType(mime) || isPdfType(mime)
export const isImageType = (mime: string) => THUMBNAIL_IMAGES.has(mime)
export const isBrowserSafeImage = (mime: string) => BROWSER_SAFE.has(mime)

/** What the viewer can show of a file (DESIGN.md §8 "Previews"); null = a details box with Download. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text'

const HEIF = new Set(['image/heic', 'image/heif'])
/** iPhone photos: HEVC in a HEIF container, which sharp's prebuilt libvips does not decode. */
export const isHeifType = (mime: string) => HEIF.has(mime)

const AUDIO = new Set(['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'audio/flac', 'audio/aac'])
const TEXT_APPS = new Set(['application/json', 'application/xml', 'application/yaml', 'application/toml'])
export const isAudioType = (mime: string) => AUDIO.has(mime)
/** What the Media page shows: photos and videos; a song's cover or a document's page never. */
export const isGalleryType = (mime: string) => isImageType(mime) || isHeifType(mime) || isVideoType(mime)
export const isPdfType = (mime: string) => mime === 'application/pdf'
/** Text the viewer shows as text (never as a page): text/*, JSON, XML, YAML, TOML. */
export const isTextType = (mime: string) => mime.startsWith('text/') || TEXT_APPS.has(mime)

export function previewKindOf(mime: string): PreviewKind | null {
  if (isImageType(mime) || isHeifType(mime)) return 'image'
  if (isVideoType(mime)) return 'video'
  if (isAudioType(mime)) return 'audio'
  if (isPdfType(mime)) return 'pdf'
  if (isTextType(mime)) return 'text'
  return null
}
