// `npm start`: build when there is no build (or the sources are newer), then serve it.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runWebCluster, webProcessCount } from "./web-cluster.mjs";

process.env.NODE_ENV ??= "production";

const root = process.cwd();
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server", "index.js");
const SOURCES = ["app", "public", "server.ts", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function needsBuild() {
  const built = fs.statSync(serverEntry, { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

// A cluster's workers run this file too: the primary has built already.
if (cluster.isPrimary && needsBuild()) {
  console.log(fs.existsSync(serverEntry) ? "Sources changed since the last build: rebuilding…" : "No build yet: building the site (about a minute)…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

// Tests build once, under a lock, before starting several servers side by side.
if (process.env.START_BUILD_ONLY === "1") process.exit(0);

// On PostgreSQL, one web process per core (WEB_CONCURRENCY); the primary forks them and serves nothing.
let processes;
try {
  processes = webProcessCount();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
if (processes.note) console.warn(processes.note);
if (cluster.isPrimary && processes.count > 1) {
  runWebCluster({ count: processes.count });
} else {
  await serve();
}

/** First run without an admin: the one-time code for the "Create the owner account" form, where the operator looks. */
function showOwnerSetup({ ownerSetup }) {
  // Every process's code works; in a cluster only the first prints one.
  if (!ownerSetup || (process.env.WEB_PROCESS_INDEX ?? "0") !== "0") return;
  const lines = [
    "No admin account yet. Create the owner account at",
    `  ${ownerSetup.url}`,
    "with this one-time setup code:",
    `  ${ownerSetup.code}`,
    `It works until ${ownerSetup.expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC; a restart prints a new one.`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  console.log(["", `┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`, ""].join("\n"));
}

async function serve() {
  try {
    const { startServer } = await import(pathToFileURL(serverEntry).href);
    await startServer({ clientDir: path.join(buildDir, "client"), onListening: showOwnerSetup });
  } catch (error) {
    // Configuration and lock problems are the operator's to fix: say what, without a stack trace.
    if (error?.name === "ConfigError" || error?.name === "DatabaseLockedError") {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
