import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The real `npm start` path: a production server on a fresh data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-process-"));
const env = { ...process.env, NODE_ENV: "production", BUILD_DIR: "build-test-process", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", HOST: "127.0.0.1" };
let server: ChildProcess | undefined;
let output = "";

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`server exited with ${server?.exitCode}:\n${output}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

afterAll(() => {
  server?.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("serves the seeded site, refuses a second process, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    server = spawn(process.execPath, ["scripts/start.mjs"], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));

    const health = await waitForHealth(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Shopify 101");

    const second = spawnSync(process.execPath, ["scripts/start.mjs"], { env: { ...env, PORT: String(await freePort()) }, encoding: "utf8", timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${server.pid}`);

    const exited = new Promise<number | null>((resolve) => server!.on("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
    server = undefined;
  }, 180_000);
});
