import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = path.resolve(import.meta.dirname, "../support/unhandled-rejection-process.ts");

function run(mode: "database" | "bug") {
  const result = spawnSync(process.execPath, ["--import", "tsx", SCRIPT, mode], { encoding: "utf8", timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * pg-boss marks a finished job complete without waiting for the answer: when PostgreSQL stops just
 * then, a rejected promise is left behind. It must not end the server or worker process; any
 * other unhandled rejection still does.
 */
describe("a promise nobody waits for", () => {
  it("rejected because the database connection closed: logged, and the process keeps running", () => {
    const { status, stdout } = run("database");
    expect(stdout).toContain("a database call nobody waited for failed while the database is unreachable");
    expect(stdout).toContain("still running");
    expect(status).toBe(0);
  });

  it("rejected for any other reason: the process ends, as Node's default does", () => {
    const { status, stdout } = run("bug");
    expect(stdout).toContain("uncaught exception");
    expect(stdout).not.toContain("still running");
    expect(status).toBe(1);
  });
});
