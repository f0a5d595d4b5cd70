// The drive most item stories open: six folders and twelve files at /home, thumbnails drawn,
// video stream tokens granted.
import { sampleDrive } from '../../../mocks/fixtures.ts'
import { driveHandlers, thumbnailHandlers, videoHandlers } from '../../../mocks/handlers.ts'
import { appBeforeEach } from './app-story.tsx'

export const homeDrive = () => [...driveHandlers(sampleDrive(12)), ...thumbnailHandlers, ...videoHandlers]

/** The meta-level beforeEach of stories that open the home drive. */
export const withHomeDrive: typeof appBeforeEach = async (context) => {
  await appBeforeEach(context)
  context.msw.use(...homeDrive())
}
