import { testErrorLogs } from "~/server/platform/logger.server";

/** The messages this test expects to be logged at error level; setup.ts checks and clears them after each test. */
const expected: RegExp[] = [];

/**
 * For a test that provokes an error log on purpose (a failing mail server, a broken query): lines
 * logged at error level whose message matches `message` are not a failure in this test, and the
 * test fails unless at least one was logged (an expected error that never came means the test no
 * longer tests it). Any other test that logs at error level fails (tests/support/setup.ts), as one
 * that calls console.error does. Works for every logger the app uses (request loggers are children
 * of app/server/logger.server.ts's).
 */
export function expectErrorLogs(message: RegExp) {
  expected.push(message);
}

/**
 * After a test: the lines logged at error level that no expectation allows, and the expectations
 * no line met. Clears both.
 */
export function takeErrorLogFindings() {
  const lines = testErrorLogs.splice(0);
  const messageOf = (line: string) => {
    try {
      return String((JSON.parse(line) as { msg?: unknown }).msg ?? "");
    } catch {
      return line;
    }
  };
  const unexpected = lines.filter((line) => !expected.some((pattern) => pattern.test(messageOf(line))));
  const unmet = expected
    .filter((pattern) => !lines.some((line) => pattern.test(messageOf(line))))
    .map((pattern) => `expected an error log matching ${pattern}, but none was logged`);
  expected.length = 0;
  return { unexpected, unmet };
}
