import { fileURLToPath } from 'node:url'
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'

// App visual regression (issue #8 §2): every screen of SPEC §2 on the real server (the e2e one,
// e2e/support/server.ts, on its own ports and a throwaway DATA_DIR) serving the app built into
// dist/visual-app by scripts/test-visual-app.mjs, compared with the baselines in __screenshots__/.
const VISUAL_PORT = Number(process.env.VISUAL_APP_PORT ?? 4360)
const VISUAL_MAIL_PORT = Number(process.env.VISUAL_APP_MAIL_PORT ?? 4361)
const BASE_URL = `http://127.0.0.1:${VISUAL_PORT}`

// e2e/support/* read these when imported (the mailbox helper in the workers too, which inherit
// this process's environment): point them at this suite's server, never at the e2e suite's.
process.env.E2E_PORT = String(VISUAL_PORT)
process.env.E2E_MAIL_PORT = String(VISUAL_MAIL_PORT)

const desktop = { viewport: { width: 1280, height: 800 } }
const mobile = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

type Project = NonNullable<PlaywrightTestConfig['projects']>[number]

// Every screen in desktop-light; desktop-dark and mobile-light take nearly all (tags @dark,
// @mobile), mobile-dark a representative few (@mobile-dark): the full matrix would not fit the
// suite's time budget (~4 min on 2 shared cores). @mobile-only: the mobile drawer.
const screens: Project[] = [
  { name: 'desktop-light', use: { ...desktop, colorScheme: 'light' }, grepInvert: /@mobile-only/ },
  { name: 'desktop-dark', use: { ...desktop, colorScheme: 'dark' }, grep: /@dark/, grepInvert: /@mobile-only/ },
  { name: 'mobile-light', use: { ...mobile, colorScheme: 'light' }, grep: /@mobile/ },
  { name: 'mobile-dark', use: { ...mobile, colorScheme: 'dark' }, grep: /@mobile-dark/ },
]

// The admin's screens list every account and event of the server: they run first, each variant
// after the one before (a chain of dependencies), so what they show does not depend on how far
// the other projects' tests have got. Their baselines are in __screenshots__/admin-<variant>/.
const ADMIN_FILE = '**/admin.visual.ts'
const adminVariants = screens.slice(0, 3)
const adminProjects: Project[] = adminVariants.map((variant, i) => ({
  name: `admin-${variant.name}`,
  use: variant.use,
  testMatch: ADMIN_FILE,
  dependencies: i === 0 ? [] : [`admin-${adminVariants[i - 1]!.name}`],
}))

const projects: Project[] = [
  ...adminProjects,
  ...screens.map((project) => ({ ...project, testIgnore: ADMIN_FILE, dependencies: [adminProjects.at(-1)!.name!] })),
]

export default defineConfig({
  testDir: '.',
  // Not *.spec.ts: e2e/playwright.config.ts runs every *.spec.ts under e2e/, and these need this config.
  testMatch: '**/*.visual.ts',
  // Its own folders: the e2e suite empties ../test-results at start, possibly mid-run of this one.
  outputDir: '../../reports/visual-app-output',
  snapshotPathTemplate: '{testDir}/__screenshots__/{projectName}/{arg}{ext}',
  globalSetup: './global-setup.ts',
  // A missing baseline fails; only `--update-snapshots` (npm run test:visual:app:update) writes one.
  updateSnapshots: 'none',
  timeout: 30_000,
  retries: 0,
  workers: Number(process.env.VISUAL_APP_WORKERS ?? 2),
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: '../../reports/visual-app.json' }]],
  expect: {
    // Two Chromium workers and the server share CI's 2 cores: once a search screen's lists were
    // asked 5.5 s after its code had loaded (session 6), past the default 5 s. What is compared
    // is pixels, so waiting longer for the screen to get there costs nothing but time.
    timeout: 15_000,
    toHaveScreenshot: {
      // Finite animations jump to their end, infinite ones (spinners) to their start; no caret.
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Paints the masked elements (dates, share links) as solid blocks.
      stylePath: fileURLToPath(new URL('./support/mask.css', import.meta.url)),
      // No pixel may differ; `threshold` is how far one pixel's colour may drift (YIQ, 0..1) and
      // is the one used for the library's baselines (.storybook/test-runner.ts).
      threshold: 0.1,
      maxDiffPixels: 0,
    },
  },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    locale: 'en-US',
    timezoneId: 'UTC',
    // Not 'reduce': when the lib's reduced-motion transitions were 0 ms, Ariakit sometimes never
    // marked an opening dialog data-enter and it stayed transparent (1-3 of 18 dialog shots per
    // run; the lib now keeps 1 ms for that reason). Motion is harmless here: screenshots
    // fast-forward every transition (animations above).
    reducedMotion: 'no-preference',
    deviceScaleFactor: 1,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects,
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    cwd: '../..',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Without it the server is SIGKILLed and leaves its temp DATA_DIR behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      E2E_PORT: String(VISUAL_PORT),
      E2E_MAIL_PORT: String(VISUAL_MAIL_PORT),
      APP_DIR: process.env.VISUAL_APP_DIR ?? 'dist/visual-app',
    },
  },
})
