import pino from "pino";

const testing = process.env.NODE_ENV === "test" || Boolean(process.env.VITEST);

/**
 * In tests (without LOG_LEVEL), the lines logged at error level or above, kept instead of printed:
 * tests/support/setup.ts fails the test that logged one, unless the test expected it
 * (`expectErrorLogs()` from tests/support/error-logs.ts). An error caught and logged is a failure
 * too, not only one that reaches the test.
 */
export const testErrorLogs: string[] = [];

/** JSON logs; the level comes from LOG_LEVEL (tests keep only errors, see testErrorLogs). */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (testing ? "error" : "info"),
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
  },
  testing && !process.env.LOG_LEVEL ? { write: (line: string) => void testErrorLogs.push(line) } : undefined,
);
