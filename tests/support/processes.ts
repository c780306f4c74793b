import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Real processes for the "bad day" tests: a production build of the site started the way
 * `npm start` starts it, and throwaway PostgreSQL clusters that a test may stop, start and kill.
 *
 * PostgreSQL comes from its server binaries (initdb, pg_ctl), found in PG_BIN, in
 * /usr/lib/postgresql/<version>/bin (Debian's packages, newest first) or on the PATH. These tests
 * are never skipped: without the binaries they fail and say what to install, so a CI image that
 * lost PostgreSQL cannot pass them silently.
 */

export const BUILD_DIR = "build-test-process";
/**
 * The test build has the crash-safety test's pause points compiled in (app/server/platform/crash-points.server.ts);
 * they do nothing unless a server also runs with CRASH_POINTS_DIR. Given to every start too, so
 * that a rebuild by scripts/start.mjs keeps them.
 */
export const CRASH_POINTS = "1";
const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the site into BUILD_DIR once, under a lock, so test files running side by side never build over each other. */
export async function ensureProductionBuild() {
  const lock = path.join(ROOT, `${BUILD_DIR}.lock`);
  for (let waited = 0; ; waited += 500) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes belongs to a run that died.
      const stat = fs.statSync(lock, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    // scripts/start.mjs rebuilds when a source is newer than the build; START_BUILD_ONLY stops it there.
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR, CRASH_POINTS, START_BUILD_ONLY: "1" },
      encoding: "utf8",
      timeout: 600_000,
    });
    if (result.status !== 0) throw new Error(`the production build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export type ServerProcess = {
  base: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): void;
};

/** Starts the production server (scripts/start.mjs) with these settings and waits for `/healthz` to answer 200. */
/** The last lines a server logged, without the per-request lines. */
function logTail(output: string, lines = 40) {
  return output
    .split("\n")
    .filter((line) => !line.includes('"msg":"request completed"'))
    .slice(-lines)
    .join("\n");
}

export async function startServerProcess(settings: Record<string, string>, { port }: { port?: number } = {}): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      CRASH_POINTS,
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(chosen),
      SEED_DEMO: "false",
      PUBLIC_URL: `http://127.0.0.1:${chosen}`,
      // One web process unless a test asks for a cluster: most process tests' bounds are about one.
      WEB_CONCURRENCY: "1",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  let stopping = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      // A server that ends on its own is the failure to explain: show what it logged, less the access log.
      if (!stopping) console.error(`the server exited by itself (${code ?? signal}); its last log lines:\n${logTail(output)}`);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const base = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    stopping = true;
    child.kill(signal);
  };
  return { base, port: chosen, child, output: () => output, exited, kill };
}

/** The PostgreSQL server binaries, or an error that says how to get them. */
export function postgresBinaries() {
  const candidates = [process.env.PG_BIN];
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, "bin"));
  }
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, "pg_ctl")) && fs.existsSync(path.join(dir, "initdb"))) return dir;
  }
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return path.dirname(onPath);
  throw new Error(
    "These tests start their own PostgreSQL and need its server binaries (initdb, pg_ctl): install PostgreSQL 15 or newer " +
      "(Debian: apt-get install postgresql) or point PG_BIN at its bin directory. They are not skipped without them.",
  );
}

export type PostgresCluster = {
  url: string;
  port: number;
  dir: string;
  /**
   * `pg_ctl stop -m fast`: open connections are terminated, as in a restart for an upgrade.
   * Asynchronous, so a test's own clients keep reading their answers meanwhile.
   */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): void;
};

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 (trust authentication, no fsync). As root (CI) it
 * runs as the `postgres` user, which initdb requires.
 */
export async function startPostgresCluster({ port }: { port?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  const chosen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["postgres:postgres", dir]);
  const command = (tool: string, args: string[]) =>
    asRoot ? { file: "runuser", args: ["-u", "postgres", "--", path.join(bin, tool), ...args] } : { file: path.join(bin, tool), args };
  const run = (tool: string, args: string[]) => {
    const { file, args: full } = command(tool, args);
    const result = spawnSync(file, full, { encoding: "utf8", timeout: 120_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  };
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const { file, args: full } = command(tool, args);
      const child = spawn(file, full, { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout!.on("data", (chunk) => (output += chunk));
      child.stderr!.on("data", (chunk) => (output += chunk));
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(" ")} failed:\n${output}`))));
    });
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = `-p ${chosen} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const startArgs = ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", options, "start"];
  const stopArgs = ["-D", data, "-m", "fast", "-w", "stop"];
  run("pg_ctl", startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${chosen}/postgres`,
    port: chosen,
    dir,
    start: () => runAsync("pg_ctl", startArgs),
    stop: () => runAsync("pg_ctl", stopArgs),
    destroy() {
      try {
        run("pg_ctl", stopArgs);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ScriptProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
  /** Signals npm and what it started (its own process group), as a terminal's Ctrl-C or systemd's stop does. */
  kill(signal?: NodeJS.Signals): void;
};

/**
 * `npm run <script> -- <args>` as an operator types it (README, docs/operations.md), in production
 * mode with these settings. For a script that keeps running (`npm run worker`); `runNpmScript`
 * waits for one that ends.
 */
export function startNpmScript(script: string, args: string[], settings: Record<string, string>): ScriptProcess {
  const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...settings },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // "close": npm and everything it started have let go of the output (npm itself may end first, on a signal).
  const exited = new Promise<number | string>((resolve) => child.once("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return { child, output: () => output, exited, kill };
}

/** Runs `npm run <script> -- <args>` to its end (at most `timeoutMs`): its exit code and everything it printed. */
export async function runNpmScript(script: string, args: string[], settings: Record<string, string>, { timeoutMs = 120_000 } = {}) {
  const started = startNpmScript(script, args, settings);
  const timer = setTimeout(() => started.kill("SIGKILL"), timeoutMs);
  const code = await started.exited;
  clearTimeout(timer);
  return { code, output: started.output() };
}
