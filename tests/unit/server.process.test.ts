import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, ensureProductionBuild } from "../support/processes";
import { sendRaw } from "../support/raw-http";

// The real `npm start` path: a production server on a fresh data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-process-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "info",
  HOST: "127.0.0.1",
};
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

// The build is shared with the other process tests running side by side: made once, under their lock,
// never by two `npm start`s at once (a second build would empty the directory a running server uses).
beforeAll(() => ensureProductionBuild(), 600_000);

afterAll(() => {
  server?.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `npm start` with these settings on a fresh data directory and waits until it is healthy. */
async function startProduction(settings: Record<string, string>) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-process-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...env, DATA_DIR: dir, PORT: String(port), SEED_DEMO: "false", ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await waitForHealth(`http://127.0.0.1:${port}/healthz`);
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    server = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** The process's resident memory in bytes (Linux). */
function residentBytes(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

describe("npm start", () => {
  it("serves the seeded site, refuses a second process, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    server = spawn(process.execPath, ["scripts/start.mjs"], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));

    const health = await waitForHealth(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({
      status: "ok",
      database: "ok",
      storage: "ok",
      mail: "ok",
      queue: { waiting: expect.any(Number), oldestWaitingSeconds: expect.any(Number) },
    });
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain("Shopify 101");
    expect(home.headers.get("content-security-policy")).toContain("script-src");
    // The stylesheet is asked for before the scripts; the scripts carry nosniff and no page policies.
    expect(homeHtml.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(homeHtml.indexOf('rel="stylesheet"')).toBeLessThan(homeHtml.indexOf('rel="modulepreload"'));
    const script = await fetch(`http://127.0.0.1:${port}${/<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(homeHtml)![1]}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("cache-control")).toContain("immutable");
    expect(script.headers.get("content-security-policy")).toBeNull();

    const second = spawnSync(process.execPath, ["scripts/start.mjs"], {
      env: { ...env, PORT: String(await freePort()) },
      encoding: "utf8",
      timeout: 60_000,
    });
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

describe("npm start behind one trusted proxy (NODE_ENV=production, TRUST_PROXY=1)", () => {
  const owner = { email: "owner@process.test", password: "owner-process-passphrase" };

  async function signIn(base: string, email: string, password: string, forwardedFor: string) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, code: ((await response.json().catch(() => ({}))) as { code?: string }).code };
  }

  it("limits coupon guesses per account on the checkout page and its .data request, whatever address the guesses claim", async () => {
    const { base, stop } = await startProduction({ TRUST_PROXY: "1", ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
    try {
      const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "x-forwarded-for": "192.0.2.10" },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const page = i % 2 ? `/checkout.data?plan=monthly&coupon=GUESS-${i}` : `/checkout?plan=monthly&coupon=GUESS-${i}`;
        const response = await fetch(`${base}${page}`, { headers: { cookie, "x-forwarded-for": `198.51.100.${i + 1}` } });
        statuses.push(response.status);
        if (i === 20) expect(await response.text()).toContain("Too many coupon codes tried. Please try again in 15 minutes.");
        else await response.arrayBuffer();
      }
      expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await stop();
    }
  }, 240_000);

  it("keeps every limit: spoofed X-Forwarded-For addresses get 429s, and a 20 MB body is refused unread", async () => {
    const { base, pid, stop } = await startProduction({ TRUST_PROXY: "1", ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
    try {
      // 1. Guessing one account's password, each time from a new address or claiming to be
      //    127.0.0.1, is stopped by the per-account lockout after 5 attempts.
      // The address the proxy saw (the last one) is never 203.0.113.77, the one step 2 counts.
      const random = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}, 198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const guesses = [];
      for (let i = 0; i < 5; i++) guesses.push(await signIn(base, owner.email, `guess-${i}`, i % 2 ? "127.0.0.1" : random()));
      expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 401, 401, 401]);
      expect(await signIn(base, owner.email, owner.password, random())).toEqual({ status: 429, code: "ACCOUNT_LOCKED" });

      // 2. Claiming to be 127.0.0.1, alone or through more hops than are trusted, is no exemption
      //    from the per-IP limit (20 sign-ins a minute), even spread over 40 accounts.
      const spread: number[] = [];
      for (let i = 0; i < 40; i++)
        spread.push((await signIn(base, `nobody-${i}@process.test`, "wrong-password", "127.0.0.1, 203.0.113.77")).status);
      expect(spread).toEqual([...Array(20).fill(401), ...Array(20).fill(429)]);
      const loopback: number[] = [];
      for (let i = 0; i < 40; i++) loopback.push((await signIn(base, `someone-${i}@process.test`, "wrong-password", "127.0.0.1")).status);
      // Two of this address's 20 went to the guesses above (unless a slow machine took a minute).
      const allowed = loopback.filter((status) => status === 401).length;
      expect(allowed).toBeGreaterThanOrEqual(18);
      expect(allowed).toBeLessThanOrEqual(20);
      expect(loopback).toEqual([...Array(allowed).fill(401), ...Array(40 - allowed).fill(429)]);

      // 3. A 20 MB body, declared or chunked, is answered 413 at once and never held in memory.
      const before = residentBytes(pid);
      const declared = await sendRaw(`${base}/newsletter`, {
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        size: 20 * 1024 * 1024,
      });
      const chunked = await sendRaw(`${base}/contact`, {
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        size: 20 * 1024 * 1024,
        chunked: true,
      });
      const after = residentBytes(pid);
      expect([declared.status, chunked.status]).toEqual([413, 413]);
      expect(Math.max(declared.ms, chunked.ms)).toBeLessThan(2000);
      expect(after - before).toBeLessThan(10 * 1024 * 1024);
      console.info(
        `20 MB bodies refused in ${declared.ms} ms (declared) and ${chunked.ms} ms (chunked); RSS ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB`,
      );
    } finally {
      await stop();
    }
  }, 240_000);
});
