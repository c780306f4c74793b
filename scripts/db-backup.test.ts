import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The npm scripts as an operator runs them: wired to the right files, and a problem they can fix
// printed as one clear message with exit code 1, never a stack trace. The backups themselves are
// tested in app/server/backup/backup.db.test.ts.

const ROOT = path.resolve(import.meta.dirname, "..");

function run(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, S3_BUCKET: _bucket, ...inherited } = process.env;
  const result = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-cli-"));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("npm run db:backup and db:restore", () => {
  it("db:restore without an archive prints its usage", () => {
    const { status, output } = run("db:restore", [], { DATA_DIR: freshDataDir() });
    expect(status).toBe(1);
    expect(output).toContain("Usage: npm run db:restore -- <backup.tar.gz> [--force]");
  });

  it("db:backup of a data directory without a database says so and writes no archive", () => {
    const dataDir = freshDataDir();
    const output = path.join(dataDir, "backups");
    const result = run("db:backup", ["--output", output], { DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(result.output).toContain(`There is no embedded database in ${path.join(dataDir, "db")} to back up.`);
    expect(result.output).not.toMatch(/^\s+at /m);
    expect(fs.readdirSync(output)).toEqual([]);
  });
});
