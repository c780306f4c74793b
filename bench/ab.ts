// `npm run bench:ab`: two builds of the site side by side on one machine, page by page, taking
// turns: BENCH_APP_DIR_BEFORE (another checkout, say main before a change) and this checkout. Each
// round loads every page on one server and then on the other, so whatever else the machine is
// doing weighs on both alike. Prints, per page, the server's CPU milliseconds per request (the web
// processes' user + system time from /proc over the page's turns, divided by the requests they
// answered) and req/s for each, and the after/before ratios. Signed in as the bench's admin.
//
//   BENCH_APP_DIR_BEFORE=…   required: the checkout to compare against (built first if needed)
//   BENCH_ROUNDS=4           turns per page and server      BENCH_TURN_SECONDS=3
//   BENCH_CONNECTIONS=4      BENCH_PORT=4306 (and the next one)
//   BENCH_DATABASE_URL=postgres://…/postgres   PostgreSQL (a database each) instead of PGlite
//   BENCH_LABEL=…            a word for the results' heading
//   BENCH_PAGES=/account,…   only these pages (their paths), say to follow one page through a change
//   BENCH_SMOKE=1            a run that checks the command works (1 round of 1 s turns); appends nowhere
//   BENCH_RESULTS_FILE=…     append to this file instead of bench/RESULTS.md
//
// Appends the table to bench/RESULTS.md.
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { appendResults, BENCH_ADMIN, benchSetting, BROWSER_HEADERS, loadFor, serverCpuMs, signInCookie, SMOKE, startBenchServer } from "./bench-support";

const BEFORE_DIR = process.env.BENCH_APP_DIR_BEFORE;
if (!BEFORE_DIR) throw new Error("Set BENCH_APP_DIR_BEFORE to the checkout to compare against");
const ROUNDS = benchSetting("BENCH_ROUNDS", 4, 1);
const TURN_SECONDS = benchSetting("BENCH_TURN_SECONDS", 3, 1);
const CONNECTIONS = benchSetting("BENCH_CONNECTIONS", 4, 2);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4306);
const HARNESS_DIR = path.resolve(import.meta.dirname, "..");

const ALL_PAGES = [
  { name: "course page (signed in)", path: "/courses/shopify-101", signedIn: true },
  { name: "lesson page (signed in)", path: "/courses/shopify-101/lessons/choose-a-niche-you-can-serve", signedIn: true },
  { name: "account page (signed in)", path: "/account", signedIn: true },
  { name: "admin: users", path: "/admin/users", signedIn: true },
  { name: "admin: courses", path: "/admin/courses", signedIn: true },
  { name: "admin: orders", path: "/admin/orders", signedIn: true },
  { name: "admin: blog", path: "/admin/blog", signedIn: true },
  { name: "log-in page (uncached, no session)", path: "/login", signedIn: false },
];

const ONLY = process.env.BENCH_PAGES?.split(",").map((value) => value.trim());
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.path)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`BENCH_PAGES names none of the pages: ${ALL_PAGES.map((page) => page.path).join(", ")}`);

async function databaseUrls(): Promise<{ urls: [string, string]; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { urls: ["", ""], drop: async () => {} };
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const names = [`course_site_ab_before_${process.pid}`, `course_site_ab_after_${process.pid}`];
  const urls = names.map((name) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }) as [string, string];
  for (const name of names) await admin.unsafe(`create database ${name}`);
  return {
    urls,
    drop: async () => {
      for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { urls, drop } = await databaseUrls();
const servers: Awaited<ReturnType<typeof startBenchServer>>[] = [];
try {
  // One after the other: the first start may build.
  servers.push(await startBenchServer({ appDir: path.resolve(BEFORE_DIR), port: FIRST_PORT, databaseUrl: urls[0] }));
  servers.push(await startBenchServer({ appDir: HARNESS_DIR, port: FIRST_PORT + 1, databaseUrl: urls[1] }));
  const cookies = await Promise.all(servers.map((server) => signInCookie(server.base, BENCH_ADMIN)));
  const headersFor = (index: number, signedIn: boolean) => (signedIn ? { ...BROWSER_HEADERS, cookie: cookies[index]! } : BROWSER_HEADERS);

  type Tally = { cpuMs: number; requests: number; seconds: number; non2xx: number };
  const tallies = PAGES.map(() => servers.map((): Tally => ({ cpuMs: 0, requests: 0, seconds: 0, non2xx: 0 })));
  // Warm-up: a second of each page on each server (a smoke run asks for each page twice).
  for (const [index, server] of servers.entries()) {
    for (const page of PAGES) {
      const headers = headersFor(index, page.signedIn);
      if (!SMOKE) await loadFor({ base: server.base, paths: [page.path], headers, seconds: 1, connections: CONNECTIONS });
      else for (let time = 0; time < 2; time++) await (await fetch(`${server.base}${page.path}`, { headers })).arrayBuffer();
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [pageIndex, page] of PAGES.entries()) {
      // Alternate which goes first, so neither always follows the other.
      const order = (round + pageIndex) % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const server = servers[index]!;
        const before = serverCpuMs(server.server.pid!);
        const result = await loadFor({ base: server.base, paths: [page.path], headers: headersFor(index, page.signedIn), seconds: TURN_SECONDS, connections: CONNECTIONS });
        const tally = tallies[pageIndex]![index]!;
        tally.cpuMs += serverCpuMs(server.server.pid!) - before;
        tally.requests += result.total;
        tally.seconds += TURN_SECONDS;
        tally.non2xx += result.non2xx + result.errors;
      }
    }
    process.stdout.write(".");
  }
  console.log("");

  const perRequest = (tally: Tally) => (tally.requests ? tally.cpuMs / tally.requests : 0);
  // "–" where the before side answered no request in its turns (a smoke run's second-long turns).
  const ratio = (after: number, before: number) => (before ? (after / before).toFixed(2) : "–");
  const lines = [
    "| page | path | CPU ms/req before | after | after ÷ before | req/s before | after | after ÷ before | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [pageIndex, page] of PAGES.entries()) {
    const [before, after] = tallies[pageIndex]! as [Tally, Tally];
    const rps = (tally: Tally) => tally.requests / tally.seconds;
    lines.push(
      `| ${page.name} | \`${page.path}\` | ${perRequest(before).toFixed(2)} | ${perRequest(after).toFixed(2)} | ${ratio(perRequest(after), perRequest(before))} | ${rps(before).toFixed(1)} | ${rps(after).toFixed(1)} | ${ratio(rps(after), rps(before))} | ${before.non2xx + after.non2xx} |`,
    );
  }
  const cpus = os.cpus();
  const engine = urls[0] ? "PostgreSQL" : "PGlite";
  const label = process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : "";
  const entry = [
    `## Side by side (\`npm run bench:ab\`), ${engine}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${label}`,
    "",
    `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end. Before: ${path.basename(path.resolve(BEFORE_DIR))}; after: this checkout. ${ROUNDS} turns of ${TURN_SECONDS}s per page and server, taking turns, ${CONNECTIONS} connections.`,
    "",
    lines.join("\n"),
    "",
  ].join("\n");
  console.log(`\n${entry}`);
  appendResults(`\n${entry}`);
} finally {
  for (const server of servers) await server.stop();
  await drop();
}
