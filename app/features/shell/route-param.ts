/** Route params are still percent-encoded for reserved characters (wouter applies decodeURI only). */
export function decodeRouteParam(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '')
  } catch {
    return value ?? ''
  }
}
