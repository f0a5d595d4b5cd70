// Share links as GET /share-service/links sends them (DESIGN.md §7), for the app's sharing tests:
// the shared fixtures of mocks/.
export { requestLink, shareLink } from '../../../mocks/fixtures.ts'

/** A datetime-local value as the app sends it: that local time as an ISO instant. */
export const isoOfLocal = (local: string) => new Date(local).toISOString()
