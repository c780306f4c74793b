import { afterEach, beforeEach } from "vitest";

// console.error in a test is a failure unless the test expects it. A test that expects one
// replaces console.error itself (vi.spyOn(console, "error").mockImplementation(...)), and then
// the calls never reach the recorder below.
const original = console.error;
const calls: unknown[][] = [];

beforeEach(() => {
  calls.length = 0;
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
