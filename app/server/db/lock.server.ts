import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes opening one data directory corrupt it.
 * The app holds an exclusive lock file beside the database and refuses to share it.
 */

export type LockHolder = { pid: number; host: string; command: string; startedAt: string };

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by process ${holder.pid} ` +
        `("${holder.command}", started ${holder.startedAt} on ${holder.host}). ` +
        `Stop that process first, or set DATABASE_URL to use PostgreSQL, which allows several processes.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DatabaseLockedError naming the holder. Returns the release function. */
export function acquireDataDirLock(dir: string, command = describeCommand()): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "app.lock");
  const me: LockHolder = { pid: process.pid, host: os.hostname(), command, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx", mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      // A lock left by a process that is gone (a crash, a kill -9) is stale; one we cannot read
      // is a half-written lock of a process starting right now, so it counts as held.
      if (holder && holder.host === me.host && !isAlive(holder.pid)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      throw new DatabaseLockedError(lockPath, holder ?? { pid: 0, host: "unknown", command: "unknown", startedAt: "unknown" });
    }
  }
  throw new Error(`Could not take the database lock in ${dir}`);
}

function describeCommand() {
  const script = process.env.npm_lifecycle_event;
  return script ? `npm run ${script}` : process.argv.slice(1).map((part) => path.basename(part)).join(" ");
}
