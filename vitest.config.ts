import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  // The ESM build Node itself loads for @react-router/express, not the CommonJS one Vitest would
  // pick: one copy of react-router, so server.ts's RouterContextProvider is the one the request
  // handler checks for (tests/support/app-server.ts runs server.ts with real route modules).
  "react-router": fileURLToPath(import.meta.resolve("react-router")),
};
const shared = { setupFiles: ["tests/support/setup.ts"], testTimeout: 30_000, hookTimeout: 60_000, env: { NODE_ENV: "test" } };

/**
 * Every test runs on PGlite. When TEST_DATABASE_URL names a PostgreSQL server, the
 * integration tests (those that open a database: *.db.test.ts) run again on it, and those that
 * need PostgreSQL itself (*.pg.test.ts: several app processes on one database) run there alone.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // *.pg.test.ts need a PostgreSQL server (several processes on one database): postgres project only.
        test: {
          ...shared,
          name: "pglite",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: { ...shared, name: "postgres", include: ["app/**/*.db.test.ts", "app/**/*.pg.test.ts", "scripts/**/*.db.test.ts"] },
            },
          ]
        : []),
    ],
  },
});
