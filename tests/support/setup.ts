import { afterEach, beforeEach } from "vitest";
import { testErrorLogs } from "~/server/platform/logger.server";
import { takeErrorLogFindings } from "./error-logs";

// console.error in a test is a failure unless the test expects it. A test that expects one
// replaces console.error itself (vi.spyOn(console, "error").mockImplementation(...)), and then
// the calls never reach the recorder below.
const original = console.error;
const calls: unknown[][] = [];

// So is a line the app's logger writes at error level (app/server/platform/logger.server.ts keeps them in
// tests): a test that provokes one on purpose calls expectErrorLogs(/its message/) from
// tests/support/error-logs.ts.
beforeEach(() => {
  calls.length = 0;
  testErrorLogs.length = 0;
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const { unexpected, unmet } = takeErrorLogFindings();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
  if (unmet.length > 0) throw new Error(unmet.join("\n"));
  if (unexpected.length > 0) {
    throw new Error(
      `the app logged at error level during the test (call expectErrorLogs(/message/) from tests/support/error-logs.ts if the test provokes it on purpose):\n${unexpected.join("")}`,
    );
  }
});
