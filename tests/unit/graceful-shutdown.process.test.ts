import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoad, statusCounts, type Sample } from "../support/load";
import {
  ensureProductionBuild,
  sleep,
  startPostgresCluster,
  startServerProcess,
  type PostgresCluster,
  type ServerProcess,
} from "../support/processes";

/**
 * SIGTERM under load (issue 22): a real production server on PostgreSQL, 20 keep-alive clients
 * looping over pages, and an admin's upload still streaming when the signal comes.
 */

const ADMIN = { email: "owner@shutdown.example", password: "a long shutdown password 42" };

/** A cover of about 3 MB that decodes (uploads of images that do not are refused): noise does not compress. */
let png = Buffer.alloc(0);
let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-shutdown-"));

beforeAll(async () => {
  png = await sharp({
    create: { width: 1024, height: 1024, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  await ensureProductionBuild();
  cluster = await startPostgresCluster();
  server = await startServerProcess({
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
    AUTH_SECRET: "shutdown-test-secret-shutdown-test-secret-01",
  });
}, 600_000);

afterAll(() => {
  server?.kill("SIGKILL");
  cluster?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(base: string) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The PNG, sent in slices over `ms`, so the upload is in flight for that long. */
function slowUpload(base: string, cookie: string, ms: number) {
  const boundary = "----shutdown-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, png, tail]);
  return new Promise<{ status: number; body: string; error?: string }>((resolve) => {
    const req = http.request(`${base}/api/uploads/course-cover`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(body.length) },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (error) => resolve({ status: 0, body: "", error: error.message }));
    const slices = 30;
    const size = Math.ceil(body.length / slices);
    let sent = 0;
    const timer = setInterval(() => {
      req.write(body.subarray(sent * size, (sent + 1) * size));
      if (++sent === slices) {
        clearInterval(timer);
        req.end();
      }
    }, ms / slices);
  });
}

describe("SIGTERM under load", () => {
  it("stops accepting, closes keep-alive connections, finishes in-flight requests and the upload, closes the database and exits 0 within 10 s, with no 5xx", async () => {
    const { base } = server!;
    const cookie = await signIn(base);
    for (const page of ["/courses", "/courses.data", "/"]) await fetch(`${base}${page}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    let signalledAt = Infinity;
    const began = performance.now();
    const beganWall = Date.now();
    let done = false;
    const load = runLoad({
      base,
      agent,
      clients: 20,
      pauseMs: 5,
      until: () => done,
      probes: [
        { name: "page", path: "/courses" },
        { name: "data", path: "/courses.data" },
        { name: "home", path: "/" },
      ],
    });
    const upload = slowUpload(base, cookie, 3_000);
    await sleep(1_500);
    signalledAt = performance.now() - began;
    server!.kill("SIGTERM");
    const exitCode = await Promise.race([server!.exited, sleep(12_000).then(() => "still running")]);
    const exitedAfterMs = performance.now() - began - signalledAt;
    done = true;
    const samples = await load;
    const uploaded = await upload;
    agent.destroy();
    const log = server!.output();
    server = undefined;

    const answered = samples.filter((s) => s.status > 0);
    // "After the signal" is after the server began shutting down, by its own log: a request sent
    // in the moment after kill() can reach it before its SIGTERM handler runs, and is then
    // answered as any earlier request (seen once in CI). The log's time is whole milliseconds.
    const shutdownLine = log.split("\n").find((line) => line.includes("shutting down: no new connections"));
    const shutdownAt = (JSON.parse(shutdownLine!) as { time: number }).time + 1 - beganWall;
    const afterSignal = answered.filter((s) => s.at >= shutdownAt);
    const failedBefore = samples.filter((s) => s.status === 0 && s.at < signalledAt);
    const report = {
      requests: samples.length,
      answeredAfterSignal: afterSignal.length,
      exitedAfterMs: Math.round(exitedAfterMs),
      exitCode,
      upload: uploaded.status,
      statuses: statusCounts(samples),
    };
    console.info("graceful shutdown:", JSON.stringify(report));
    const describeSample = (s: Sample) => `${s.name} at ${Math.round(s.at)} ms: ${s.status || s.error} (${Math.round(s.ms)} ms)`;

    expect(exitCode).toBe(0);
    expect(exitedAfterMs).toBeLessThan(10_000);
    // Not one 5xx, and no request sent before the signal was cut off.
    expect(answered.filter((s) => s.status >= 500).map(describeSample)).toEqual([]);
    expect(failedBefore.map(describeSample)).toEqual([]);
    // Whatever was answered after the signal closed its connection; the rest were refused, never reset mid-answer.
    expect(afterSignal.filter((s) => s.headers.connection !== "close").map(describeSample)).toEqual([]);
    const refused = samples.filter((s) => s.status === 0);
    expect(refused.filter((s) => !/ECONNREFUSED|ECONNRESET|socket hang up/.test(s.error ?? "")).map(describeSample)).toEqual([]);
    // The upload that was streaming when the signal came was finished and stored.
    expect(uploaded.status, uploaded.body || uploaded.error).toBe(201);
    const { key } = JSON.parse(uploaded.body) as { key: string };
    expect(fs.statSync(path.join(dataDir, "storage", "media", ...key.split("/"))).size).toBe(png.length);
    // The database was closed after the last request, not under it.
    expect(log).not.toMatch(/CONNECTION_ENDED|CONNECTION_DESTROYED|"level":50/);
    expect(log).toContain('"msg":"stopped"');
  }, 120_000);
});
