// `npm start`: build when there is no build (or the sources are newer), then serve it.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

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

if (needsBuild()) {
  console.log(fs.existsSync(serverEntry) ? "Sources changed since the last build: rebuilding…" : "No build yet: building the site (about a minute)…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

try {
  const { startServer } = await import(pathToFileURL(serverEntry).href);
  await startServer({ clientDir: path.join(buildDir, "client") });
} catch (error) {
  // Configuration and lock problems are the operator's to fix: say what, without a stack trace.
  if (error?.name === "ConfigError" || error?.name === "DatabaseLockedError") {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
