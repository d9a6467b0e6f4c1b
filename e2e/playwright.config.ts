import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/vigil-e2e-${PORT}`;
export const DEMO_EMAIL = 'admin@vigil.local';
export const DEMO_PASSWORD = 'e2e-demo-password';
/** accounts.spec.ts listens here with a real SMTP server and reads the mails the app sends. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // As someone who asked their system for less motion: the app then turns antd's animations off,
    // so no click lands on a button a dialog or list is still moving.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh data folder each run, so the demo workspace is created with a known password; the server
    // runs as `npm start` runs it, from its bundle (built here when its sources changed).
    command: `rm -rf ${DATA_DIR} && node ../scripts/build-if-stale.mjs && node ../apps/server/dist/main.mjs`,
    url: `http://localhost:${PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO_ADMIN_EMAIL: DEMO_EMAIL,
      DEMO_ADMIN_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The journeys run beside a browser on a busy machine: no load shedding on event-loop lag.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '600000',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
