import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium against the production build, started on a fresh
 * DATA_DIR (PGlite, demo content, outbox mail). The runner sets these once; workers inherit them.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${port}`;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "course-site-e2e-"));
process.env.E2E_ADMIN_EMAIL ??= "admin@e2e.test";
process.env.E2E_ADMIN_PASSWORD ??= "e2e-admin-password";

/** Specs that change a school-wide setting other specs would meet (tax collection at checkout). */
const SCHOOL_WIDE = ["**/checkout-tax.spec.ts"];
/**
 * The monthly plan's order bump, set school-wide while it runs: after tax is off again (a checkout
 * under tax asks for a country before it offers "Pay"), before the trial's monthly checkout.
 */
const MEMBERSHIP_BUMP = ["**/checkout-membership-bump.spec.ts"];
/** The membership trial (a school-wide setting that changes every membership checkout): after those, on its own. */
const TRIALS = ["**/checkout-trial.spec.ts"];
/** Specs that remove what every other spec reads (the demo content): last of all. */
const LAST = ["**/admin-demo-removal.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // A production build and two Chromium workers share two cores in CI: flows of many steps get a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: [...SCHOOL_WIDE, ...MEMBERSHIP_BUMP, ...TRIALS, ...LAST], use: { ...devices["Desktop Chrome"], channel: undefined } },
    // Specs that switch something on for the whole school run after the rest, so no other checkout meets it.
    { name: "school-wide settings", testMatch: SCHOOL_WIDE, dependencies: ["chromium"], use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "membership bump", testMatch: MEMBERSHIP_BUMP, dependencies: ["school-wide settings"], use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "membership trial", testMatch: TRIALS, dependencies: ["membership bump"], use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "demo removal", testMatch: LAST, dependencies: ["membership trial"], use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${process.env.E2E_BASE_URL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: process.env.E2E_BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      BUILD_DIR: process.env.E2E_BUILD_DIR ?? "build",
      SEED_DEMO: "true",
      // The demo's preview lessons keep their YouTube links here: the specs read them as seeded.
      DEMO_VIDEOS: "false",
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      // Every spec signs in, signs up and posts forms from 127.0.0.1: the real limits, raised the
      // way an operator raises them for a school behind one address (docs/security.md).
      RATE_LIMIT_PER_IP_MULTIPLIER: "100",
      // The webhook spec's receiver listens on this machine: the development exemption of the address guard.
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      // The discussion mail job every minute, so its browser test reads the message within the minute.
      DISCUSSION_MAIL_EVERY_MINUTES: "1",
      LOG_LEVEL: "warn",
    },
  },
});
