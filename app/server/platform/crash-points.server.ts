import fs from "node:fs";
import path from "node:path";

/**
 * Pause points for the crash-safety test (tests/unit/crash-safety.process.test.ts, issue 22): it
 * kills a real server with SIGKILL in the middle of a multi-step write and checks that nothing of
 * it is left after a restart. To reach "the middle" on purpose, the write calls
 * `await crashPoint("refund")` inside its transaction, before the commit.
 *
 * Compiled in only when the build is made with CRASH_POINTS=1 (vite.config.ts replaces
 * `process.env.CRASH_POINTS_BUILD`; every other build drops the body), and active only when the
 * server also runs with CRASH_POINTS_DIR. Then, if `<dir>/<name>.armed` exists, it is removed (one
 * pause per arming), `<dir>/<name>.reached` is written, and the call never returns: the
 * transaction stays open until the test kills the process.
 */
export async function crashPoint(name: string) {
  if (process.env.CRASH_POINTS_BUILD !== "1") return;
  const dir = process.env.CRASH_POINTS_DIR;
  if (!dir) return;
  try {
    fs.rmSync(path.join(dir, `${name}.armed`));
  } catch {
    return;
  }
  fs.writeFileSync(path.join(dir, `${name}.reached`), String(process.pid));
  await new Promise<never>(() => {});
}
