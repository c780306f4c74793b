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
 * integration tests (those that open a database: *.db.test.ts) run again on it.
 *
 * The process tests (a production server started as `npm start` starts it, on its own PostgreSQL
 * cluster, under load, while the database restarts or SIGTERM arrives) are their own project, run
 * one file at a time and after the others (`npm test`): their bounds are about the server, not
 * about a machine busy with every other test file.
 */
const PROCESS_TESTS = ["tests/unit/**/*.process.test.ts"];
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
          exclude: ["**/*.pg.test.ts", "**/node_modules/**", ...PROCESS_TESTS],
        },
      },
      {
        resolve: { alias },
        test: { ...shared, name: "processes", include: PROCESS_TESTS, fileParallelism: false },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              // VITEST_DATABASE_PROJECT: for a test that picks its engine by project (backup.db.test.ts).
              test: {
                ...shared,
                env: { ...shared.env, VITEST_DATABASE_PROJECT: "postgres" },
                name: "postgres",
                include: ["app/**/*.db.test.ts", "app/**/*.pg.test.ts", "scripts/**/*.db.test.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
