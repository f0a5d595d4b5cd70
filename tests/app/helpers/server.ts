// msw for the app suite: the server contract of DESIGN.md §4, answered per test, and a log of
// every request the app sent (method, path, uuid header, body). The handlers and fixtures are the
// ones the app's stories use too (mocks/).
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { defaultHandlers } from '../../../mocks/handlers.ts'

export interface LoggedRequest {
  method: string
  path: string
  search: string
  uuid: string | null
  body: unknown
}

export const requests: LoggedRequest[] = []

export const server = setupServer(...defaultHandlers)

server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url)
  let body: unknown
  const text = await request
    .clone()
    .text()
    .catch(() => '')
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  requests.push({
    method: request.method,
    path: url.pathname,
    search: url.search,
    uuid: request.headers.get('uuid'),
    body,
  })
})

/** Requests the app sent to `path` (optionally with `method`). */
export const sent = (path: string, method?: string) =>
  requests.filter((r) => r.path === path && (!method || r.method === method))

export { http, HttpResponse }

export { apiError, defaultHandlers, ok } from '../../../mocks/handlers.ts'
export { testUser, testUserDetailed } from '../../../mocks/fixtures.ts'
