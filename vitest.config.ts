import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
const shared = { setupFiles: ["tests/support/setup.ts"], testTimeout: 30_000, hookTimeout: 60_000, env: { NODE_ENV: "test" } };

/**
 * Every test runs on PGlite. When TEST_DATABASE_URL names a PostgreSQL server, the
 * integration tests (those that open a database: *.db.test.ts) run again on it.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { ...shared, name: "pglite", include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"] } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ resolve: { alias }, test: { ...shared, name: "postgres", include: ["app/**/*.db.test.ts", "scripts/**/*.db.test.ts"] } }]
        : []),
    ],
  },
});
