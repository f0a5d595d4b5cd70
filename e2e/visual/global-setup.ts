// Seeds the suite's drive once per run, after the server is up (Playwright starts webServer
// before globalSetup), and hands the ids to the workers through the environment they inherit.
import { request, type FullConfig } from '@playwright/test'
import { seedFamily } from './support/family.ts'
import { seedDrive } from './support/seed.ts'

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL
  const context = await request.newContext({ baseURL })
  try {
    process.env.VISUAL_APP_SEED = JSON.stringify(await seedDrive(context))
    // After the drive, so its lists are as before; the family's accounts sign in on their own.
    process.env.VISUAL_APP_FAMILY = JSON.stringify(await seedFamily(baseURL))
  } finally {
    await context.dispose()
  }
}
