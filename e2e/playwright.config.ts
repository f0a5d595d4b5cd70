import { defineConfig } from '@playwright/test'
import { E2E_BASE_URL, E2E_MAIL_PORT, E2E_PORT } from './support/ports.ts'

export { E2E_PORT }

// Real server (temp DATA_DIR, SQLite + disk) serving the built app, with email verification on and
// a real SMTP peer whose mails specs read on E2E_MAIL_PORT (e2e/support/server.ts); Debian's Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  timeout: 60_000,
  // Assertions wait for what they check, up to 10 s: CI runs the two workers beside each other's
  // ffmpeg jobs and 100 MB uploads at a load of 10+ on 2 cores, where a sign-in's argon2 and the
  // next screen's chunks took over the default 5 s (three journeys failed there, none here).
  expect: { timeout: 10_000 },
  retries: 0,
  // Two workers: a journey waits on the browser and the server by turns, so two files at a time
  // share the 2 cores well. Each spec signs up its own accounts; the one spec that needs a port
  // of its own (the throttling proxy) is alone in using it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list'], ['json', { outputFile: '../reports/e2e.json' }]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  webServer: {
    command: `node --import tsx e2e/support/server.ts`,
    cwd: '..',
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Without it the server is SIGKILLed and leaves its temp DATA_DIR behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    // The server logs at warn (e2e/support/server.ts): what it warns of lands in the run's output.
    stdout: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_MAIL_PORT: String(E2E_MAIL_PORT) },
  },
})
