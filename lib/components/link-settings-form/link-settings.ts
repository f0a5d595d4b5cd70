import { addDays, format, startOfHour } from 'date-fns'

/** Who a share link is for: visitors who view and download, or visitors who only upload (a file request). */
export const shareLinkAccesses = ['view', 'upload'] as const

/** One of `shareLinkAccesses`. */
export type ShareLinkAccess = (typeof shareLinkAccesses)[number]

/**
 * A link's options as `LinkSettingsForm` edits them (the body of the app's create or change call).
 * Sizes are bytes.
 */
export interface LinkSettings {
  /** When the link stops working (ISO 8601), or null for never. */
  expiresAt: string | null
  /** A new password; undefined leaves the current one as it is, null removes it. */
  password?: string | null
  /** How many downloads the link allows, or null for no limit. */
  maxDownloads: number | null
  /** File requests: the largest file a visitor may send, or null for no limit. */
  maxFileSize?: number | null
  /** File requests: the most the link takes in all, or null for no limit. */
  maxTotalBytes?: number | null
  /** File requests: how many files the link takes in all (empty ones too), or null for no limit. */
  maxFiles?: number | null
}

/** The units the size fields offer, in bytes (base 1024, as `formatBytes`). */
export const sizeUnits = { MB: 1024 ** 2, GB: 1024 ** 3 } as const

/** One of the keys of `sizeUnits`. */
export type SizeUnit = keyof typeof sizeUnits

/** What the form holds while the user edits: each switch, and each field's text as typed. */
export interface LinkSettingsDraft {
  expires: boolean
  /** A datetime-local value (local time, "yyyy-MM-ddTHH:mm"). */
  expiresAt: string
  passwordOn: boolean
  password: string
  limitOn: boolean
  limit: string
  fileSizeOn: boolean
  fileSize: string
  fileSizeUnit: SizeUnit
  totalOn: boolean
  total: string
  totalUnit: SizeUnit
  filesOn: boolean
  files: string
}

/** Which field a validation message belongs to. */
export type LinkSettingsField = 'expiresAt' | 'password' | 'limit' | 'fileSize' | 'total' | 'files'

/** Why a field cannot be saved. */
export type LinkSettingsProblem = 'expiryRequired' | 'expiryPast' | 'passwordRequired' | 'limitTooLow' | 'sizeTooLow'

/** A link with no options: never expires, no password, no limits. */
export const noLinkSettings: LinkSettings = { expiresAt: null, maxDownloads: null }

const localFormat = "yyyy-MM-dd'T'HH:mm"

/** An ISO instant as a datetime-local value, in the browser's time zone. */
export const toLocalInput = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, localFormat)
}

// A datetime-local value without an offset is local time, as the input means it.
const fromLocalInput = (local: string): Date | null => {
  if (local === '') return null
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The expiry a switched-on "Expires" starts from: a week from now, on the hour. */
export const defaultExpiry = (now: Date): string => format(addDays(startOfHour(now), 7), localFormat)

// Whole gigabytes read as GB, anything else as MB (at most two decimals).
const toSize = (bytes: number | null | undefined): { on: boolean; text: string; unit: SizeUnit } => {
  if (bytes == null) return { on: false, text: '', unit: 'MB' }
  const unit: SizeUnit = bytes >= sizeUnits.GB && bytes % sizeUnits.GB === 0 ? 'GB' : 'MB'
  return { on: true, text: String(Number((bytes / sizeUnits[unit]).toFixed(2))), unit }
}

/** The draft that shows `value`; `hasPassword` says the link already has a password. */
export function toDraft(value: LinkSettings, hasPassword: boolean): LinkSettingsDraft {
  const fileSize = toSize(value.maxFileSize)
  const total = toSize(value.maxTotalBytes)
  return {
    expires: value.expiresAt != null,
    expiresAt: value.expiresAt != null ? toLocalInput(value.expiresAt) : '',
    passwordOn: typeof value.password === 'string' || (hasPassword && value.password !== null),
    password: typeof value.password === 'string' ? value.password : '',
    limitOn: value.maxDownloads != null,
    limit: value.maxDownloads != null ? String(value.maxDownloads) : '',
    fileSizeOn: fileSize.on,
    fileSize: fileSize.text,
    fileSizeUnit: fileSize.unit,
    totalOn: total.on,
    total: total.text,
    totalUnit: total.unit,
    filesOn: value.maxFiles != null,
    files: value.maxFiles != null ? String(value.maxFiles) : '',
  }
}

// Number('') is 0 and Number(' 3 ') is 3: only plain decimal text counts.
const parseNumber = (text: string): number | null => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : null)

/** A switched-on count field's whole number of 1 or more, else null. */
const countOf = (on: boolean, text: string): number | null => {
  const n = on ? parseNumber(text) : null
  return n != null && Number.isInteger(n) && n >= 1 ? n : null
}

const bytesOf = (on: boolean, text: string, unit: SizeUnit): number | null => {
  const n = on ? parseNumber(text) : null
  return n != null && n > 0 ? Math.round(n * sizeUnits[unit]) : null
}

/**
 * The settings a draft stands for. A switched-on field that is not valid yet counts as off, so
 * `onValueChange` always hears a well-formed value; `validateDraft` says what is missing.
 */
export function fromDraft(draft: LinkSettingsDraft, hasPassword: boolean, access: ShareLinkAccess): LinkSettings {
  const expiry = draft.expires ? fromLocalInput(draft.expiresAt) : null
  const settings: LinkSettings = {
    expiresAt: expiry ? expiry.toISOString() : null,
    maxDownloads: countOf(draft.limitOn, draft.limit),
  }
  if (draft.passwordOn && draft.password !== '') settings.password = draft.password
  // Switching the password off removes the one the link has; a link without one stays without.
  else if (!draft.passwordOn && hasPassword) settings.password = null
  if (access === 'upload') {
    settings.maxFileSize = bytesOf(draft.fileSizeOn, draft.fileSize, draft.fileSizeUnit)
    settings.maxTotalBytes = bytesOf(draft.totalOn, draft.total, draft.totalUnit)
    settings.maxFiles = countOf(draft.filesOn, draft.files)
  }
  return settings
}

/** What stops a draft from being saved, field by field (empty when it can be saved). */
export function validateDraft(
  draft: LinkSettingsDraft,
  { hasPassword, access, now }: { hasPassword: boolean; access: ShareLinkAccess; now: Date },
): Partial<Record<LinkSettingsField, LinkSettingsProblem>> {
  const problems: Partial<Record<LinkSettingsField, LinkSettingsProblem>> = {}
  if (draft.expires) {
    const expiry = fromLocalInput(draft.expiresAt)
    if (!expiry) problems.expiresAt = 'expiryRequired'
    else if (expiry.getTime() <= now.getTime()) problems.expiresAt = 'expiryPast'
  }
  // With a password already set, an empty field keeps it.
  if (draft.passwordOn && draft.password === '' && !hasPassword) problems.password = 'passwordRequired'
  if (draft.limitOn && countOf(true, draft.limit) == null) problems.limit = 'limitTooLow'
  if (access === 'upload') {
    if (draft.fileSizeOn && bytesOf(true, draft.fileSize, draft.fileSizeUnit) == null) problems.fileSize = 'sizeTooLow'
    if (draft.totalOn && bytesOf(true, draft.total, draft.totalUnit) == null) problems.total = 'sizeTooLow'
    if (draft.filesOn && countOf(true, draft.files) == null) problems.files = 'limitTooLow'
  }
  return problems
}

/** Whether two settings say the same thing. */
export const sameLinkSettings = (a: LinkSettings | undefined, b: LinkSettings | undefined): boolean =>
  a === b ||
  (a != null &&
    b != null &&
    a.expiresAt === b.expiresAt &&
    a.password === b.password &&
    a.maxDownloads === b.maxDownloads &&
    (a.maxFileSize ?? null) === (b.maxFileSize ?? null) &&
    (a.maxTotalBytes ?? null) === (b.maxTotalBytes ?? null) &&
    (a.maxFiles ?? null) === (b.maxFiles ?? null))
