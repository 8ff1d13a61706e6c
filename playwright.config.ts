import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/support/chromium'
import { DESK_TODAY } from './tests/e2e/support/deskDay'

const port = Number(process.env.E2E_PORT ?? 4317)
// Every run starts on a fresh data folder, seeded with the demo data.
const dataDir = mkdtempSync(join(tmpdir(), 'innkeeper-e2e-'))

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Baselines are committed beside the specs; in CI a missing one fails instead of being written.
  snapshotPathTemplate: '{testDir}/screenshots/{testFilePath}/{arg}{ext}',
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // A pixel differs when its colour moves at all (threshold 0.01; Playwright's 0.2 lets a background
    // go from #f9fafb to #eaf2ff unseen); up to 0.2 % of pixels may, for anti-aliasing between runs.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', threshold: 0.01, maxDiffPixelRatio: 0.002 },
  },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node scripts/web.mjs',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      INNKEEPER_DATA_DIR: dataDir,
      INNKEEPER_LOG: '0',
      INNKEEPER_DEMO_TODAY: DESK_TODAY,
    },
  },
})
