// An in-memory drive behind msw for the file-screen tests: the shared records and list handlers of
// mocks/ (the app's stories serve the same ones).
import { type Drive, driveHandlers } from '../../../mocks/handlers.ts'
import { server } from './server.ts'

export { makeFile, makeFolder } from '../../../mocks/fixtures.ts'
export type { Drive } from '../../../mocks/handlers.ts'

/** Serves `drive` (mutable: tests may change it between requests); every list answers from it. */
export function serveDrive(drive: Drive): Drive {
  server.use(...driveHandlers(drive))
  return drive
}
