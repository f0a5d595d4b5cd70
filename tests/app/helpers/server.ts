// msw for the app suite: the server contract of DESIGN.md §4, answered per test, and a log of
// every request the app sent (method, path, uuid header, body).
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

export interface LoggedRequest {
  method: string
  path: string
  search: string
  uuid: string | null
  body: unknown
}

export const requests: LoggedRequest[] = []

export const testUser = { _id: 'u1', email: 'ada@example.com', createdAt: '2024-03-07T21:05:00.000Z' }
export const testUserDetailed = { ...testUser, emailVerified: true, activeSessions: 1, storage: { usedBytes: 0, fileCount: 0 } }

/** The server's error body. */
export const apiError = (statusCode: number, code = 'ERROR', message = 'error') =>
  HttpResponse.json({ statusCode, code, message }, { status: statusCode })

export const ok = (body: JsonBodyType = { message: 'ok' }, status = 200) => HttpResponse.json(body, { status })

/** Handlers every test starts with: a live session for the test user. */
export const defaultHandlers = [
  http.post('*/user-service/get-token', () => ok({ message: 'Token refreshed' })),
  http.get('*/user-service/user', () => ok(testUser)),
  http.get('*/user-service/user-detailed', () => ok(testUserDetailed)),
  // An empty drive: the file screens read these on every visit.
  http.get('*/file-service/list', () => ok([])),
  http.get('*/file-service/quick-list', () => ok([])),
  http.get('*/folder-service/list', () => ok([])),
  http.get('*/folder-service/info/:id', ({ params }) =>
    ok({ _id: params.id, name: 'A folder', parent: '/', parentList: ['/'], createdAt: testUser.createdAt, updatedAt: testUser.createdAt }),
  ),
  http.get('*/file-service/suggested-list', () => ok({ folderList: [], fileList: [] })),
  // No share links yet (the share dialogs and /shared read them).
  http.get('*/share-service/links', () => ok({ links: [] })),
  // Settings → Account (DESIGN §7): this device only, no app passwords, no activity.
  http.get('*/user-service/sessions', () =>
    ok({ sessions: [{ _id: 's1', current: true, browser: 'Firefox 133', os: 'Linux', ip: '192.0.2.1', createdAt: testUser.createdAt, lastSeenAt: testUser.createdAt }] }),
  ),
  http.get('*/user-service/app-passwords', () => ok({ appPasswords: [] })),
  http.get('*/user-service/audit', () => ok({ events: [], nextCursor: null })),
  // Two-step verification is off.
  http.get('*/user-service/totp', () => ok({ enabled: false, recoveryCodesLeft: 0 })),
  // No single sign-on set up (the sign-in screen asks).
  http.get('*/auth/oidc', () => ok({ enabled: false })),
  http.get('*/user-service/webauthn/passkeys', () => ok({ passkeys: [], available: true })),
]

export const server = setupServer(...defaultHandlers)

server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url)
  let body: unknown
  const text = await request.clone().text().catch(() => '')
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  requests.push({ method: request.method, path: url.pathname, search: url.search, uuid: request.headers.get('uuid'), body })
})

/** Requests the app sent to `path` (optionally with `method`). */
export const sent = (path: string, method?: string) => requests.filter((r) => r.path === path && (!method || r.method === method))

export { http, HttpResponse }
