import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DatabaseLockedError } from "./lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("refuses a second holder and names the first", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, "npm start");
    try {
      expect(() => acquireDataDirLock(dir, "npm run db:seed")).toThrow(DatabaseLockedError);
      expect(() => acquireDataDirLock(dir, "npm run db:seed")).toThrow(new RegExp(`in use by process ${process.pid} \\("npm start"`));
    } finally {
      release();
    }
    // Released: the next process may take it.
    acquireDataDirLock(dir, "npm run db:seed")();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const finished = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
    const deadPid = finished.pid!;
    fs.writeFileSync(path.join(dir, "app.lock"), JSON.stringify({ pid: deadPid, host: os.hostname(), command: "crashed", startedAt: "earlier" }));
    const release = acquireDataDirLock(dir, "npm start");
    expect(JSON.parse(fs.readFileSync(path.join(dir, "app.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false);
  });

  it("makes the admin CLI, run as another process, refuse while the database is held", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, "npm start");
    try {
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/admin.ts", "role", "--email", "someone@example.com", "--role", "admin"],
        { env: { ...process.env, DATA_DIR: dir, NODE_ENV: "production", DATABASE_URL: "" }, encoding: "utf8", timeout: 60_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${process.pid} ("npm start"`);
      expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
    } finally {
      release();
    }
  });
});
