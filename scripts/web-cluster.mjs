// Several web processes on one port (Node's cluster), for `npm start` on PostgreSQL.
// Plain JavaScript, like start.mjs, so it runs before anything is compiled.
//
// The primary only forks, restarts and stops; each worker is a whole web server (scripts/start.mjs's
// own path). Everything they share lives in PostgreSQL already (sessions, rate limits, the page
// cache's invalidation, the jobs), as it does for several instances on several machines
// (docs/decisions/058-one-web-process-per-core.md).
import cluster from "node:cluster";
import os from "node:os";

export class WebConcurrencyError extends Error {
  name = "ConfigError";
}

const MAX_PROCESSES = 64;
/** Just over the web process's own 8.5 s shutdown deadline: then whatever is left is cut. */
const CLUSTER_SHUTDOWN_MS = 9_500;

/**
 * How many web processes to run: `WEB_CONCURRENCY`, or one per core. The embedded database is a
 * directory only one process may open, so without DATABASE_URL it is always one (with a note
 * when more were asked for).
 */
export function webProcessCount(env = process.env) {
  const raw = env.WEB_CONCURRENCY?.trim() ?? "";
  let asked = null;
  if (raw !== "") {
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PROCESSES)
      throw new WebConcurrencyError(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (1 runs one web process), not "${raw}".`);
    asked = Number(raw);
  }
  if (!env.DATABASE_URL) {
    const note = asked && asked > 1 ? `WEB_CONCURRENCY=${asked} is ignored: the embedded database runs in one process (set DATABASE_URL for more)` : null;
    return { count: 1, note };
  }
  return { count: asked ?? os.availableParallelism(), note: null };
}

/** One JSON line in the shape pino writes, so the primary's few lines sit with the workers' logs. */
function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: "web cluster", ...fields, msg });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

/**
 * The primary: starts process 0 first and waits for it to listen (it migrates and seeds the
 * database, and alone runs the background jobs), then the others; forks a replacement for one
 * that dies; on SIGTERM or SIGINT asks every process to drain and exits when all have.
 */
export function runWebCluster({ count }) {
  // Round-robin in the primary spreads connections evenly; the kernel's choice piles them on one.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let stopping = false;
  let failedExit = false;
  /** index → how many times it has been replaced lately, for a growing pause between restarts. */
  const restarts = new Map();
  /** Whether process 0 has listened once: after that, a process that dies is replaced. */
  let started = false;

  const fork = (index) => {
    const env = { WEB_PROCESS_INDEX: String(index) };
    // Jobs run in process 0 only: one set of pollers per machine, not one per core.
    if (index > 0) env.WORKERS = "off";
    const worker = cluster.fork(env);
    worker.webIndex = index;
    worker.listening = false;
    worker.once("listening", () => {
      worker.listening = true;
      setTimeout(() => restarts.set(index, 0), 60_000).unref();
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // One still starting when the signal came had nothing to drain: ending by the signal is fine.
      const drained = code === 0 || (!worker.listening && signal !== null);
      if (!drained) failedExit = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedExit ? 1 : 0);
      return;
    }
    if (!worker.listening && worker.webIndex === 0 && !started) {
      // The first process could not start (configuration, a locked or unreachable database): it has
      // said why; starting it again would only say it again.
      log("error", "the first web process stopped before it listened; not starting the others", { code, signal });
      process.exit(typeof code === "number" && code !== 0 ? code : 1);
    }
    const index = worker.webIndex;
    const count = (restarts.get(index) ?? 0) + 1;
    restarts.set(index, count);
    const delayMs = Math.min(10_000, 250 * 2 ** (count - 1));
    log("warn", "a web process stopped; starting another in its place", { index, code, signal, restartInMs: delayMs });
    setTimeout(() => {
      if (!stopping) fork(index);
    }, delayMs).unref();
  });

  const first = fork(0);
  first.once("listening", () => {
    started = true;
    for (let index = 1; index < count; index++) fork(index);
    log("info", `serving with ${count} web processes (WEB_CONCURRENCY)`, { processes: count });
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log("info", "stopping every web process", { signal });
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    // A signal sent to the whole group (Ctrl-C) reached them already; a second one is ignored there.
    for (const worker of workers) worker?.process.kill(signal);
    setTimeout(() => {
      log("warn", "web processes still running after the shutdown deadline: killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, CLUSTER_SHUTDOWN_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
