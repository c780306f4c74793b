// `npm run bench`: throughput of the production server, as ratios against a static file served
// by the same process in the same run (so the figures compare across machines). Bounded in
// requests and time; talks only to 127.0.0.1.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const DURATION_MS = Number(process.env.BENCH_MS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MAX_REQUESTS = 20_000;

const scenarios: { name: string; path: string }[] = [
  { name: "static file (baseline)", path: "/favicon.svg" },
  { name: "health check (db ping)", path: "/healthz" },
  { name: "home page (SSR + db)", path: "/" },
  { name: "404 page (SSR)", path: "/no-such-page" },
  { name: "course page (SSR + db)", path: "/courses/shopify-101" },
  { name: "lesson page (preview, SSR + db)", path: "/courses/shopify-101/lessons/welcome-and-roadmap" },
];

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function measure(base: string, urlPath: string) {
  const url = `${base}${urlPath}`;
  const deadline = Date.now() + DURATION_MS;
  let done = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (Date.now() < deadline && done < MAX_REQUESTS) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: done / seconds, p50: latencies[Math.floor(latencies.length * 0.5)], p95: latencies[Math.floor(latencies.length * 0.95)] };
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-bench-"));
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" },
  stdio: ["ignore", "inherit", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let tries = 0; ; tries++) {
    if (tries > 480) throw new Error("server did not start");
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const scenario of scenarios) await measure(base, scenario.path); // warm up
  const results = [];
  for (const scenario of scenarios) results.push({ ...scenario, ...(await measure(base, scenario.path)) });
  const baseline = results[0].rps;
  console.log(`\n${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000}s each, ${os.cpus().length} cores\n`);
  console.log("scenario".padEnd(28), "req/s".padStart(9), "× static".padStart(10), "p50 ms".padStart(8), "p95 ms".padStart(8));
  for (const result of results) {
    console.log(result.name.padEnd(28), result.rps.toFixed(0).padStart(9), (result.rps / baseline).toFixed(2).padStart(10), result.p50.toFixed(1).padStart(8), result.p95.toFixed(1).padStart(8));
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
