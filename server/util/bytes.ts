// Byte sizes as operators write them (DEFAULT_QUOTA=50GB) and as people read them. Base 1024
// for both, as the app's formatBytes (lib/utils/format-bytes.ts): a 50GB quota shows as "50 GB".
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const
const POWER: Record<string, number> = {
  '': 0,
  B: 0,
  K: 1,
  KB: 1,
  KIB: 1,
  M: 2,
  MB: 2,
  MIB: 2,
  G: 3,
  GB: 3,
  GIB: 3,
  T: 4,
  TB: 4,
  TIB: 4,
  P: 5,
  PB: 5,
  PIB: 5,
}

/** "50GB", "1.5 TB", "500MiB", "1048576" → bytes; undefined when it is not a size. */
export function parseBytes(raw: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw.trim())
  if (!m) return undefined
  const power = POWER[m[2]!.toUpperCase()]
  if (power === undefined) return undefined
  const bytes = Math.round(Number(m[1]) * 1024 ** power)
  return Number.isSafeInteger(bytes) ? bytes : undefined
}

/** 1536 → "1.5 KB", at most two decimals. */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 B'
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  let value = Math.round((bytes / 1024 ** unit) * 100) / 100
  if (value >= 1024 && unit < UNITS.length - 1) {
    unit++
    value = Math.round((value / 1024) * 100) / 100
  }
  return `${value} ${UNITS[unit]}`
}
