import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoad } from "../support/load";
import { ensureProductionBuild, sleep, startPostgresCluster, startServerProcess, type PostgresCluster, type ServerProcess } from "../support/processes";

/**
 * `npm start` on PostgreSQL with one web process per core (issue 44, decision 058): two processes
 * behind one port share sessions, the page cache's invalidation and the jobs; one that dies is
 * replaced; SIGTERM drains them all within the 10 s the single process keeps.
 */

const ADMIN = { email: "owner@cluster.example", password: "a long cluster password 42" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-cluster-"));
let database: PostgresCluster | undefined;
let server: ServerProcess | undefined;

/** The process IDs whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number) {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server's last lines:\n${lifecycleLog()}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  await ensureProductionBuild();
  database = await startPostgresCluster();
  server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    WEB_CONCURRENCY: "2",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
    AUTH_SECRET: "cluster-test-secret-cluster-test-secret-0001",
  });
  // /healthz answers as soon as process 0 listens; the second starts after it.
  await waitFor(
    "two listening web processes",
    () => (server!.output().match(/"msg":"server listening"/g)?.length ?? 0) === 2 && childrenOf(server!.child.pid!).length === 2,
    120_000,
  );
}, 600_000);

afterAll(() => {
  if (server) for (const pid of childrenOf(server.child.pid!)) process.kill(pid, "SIGKILL");
  server?.kill("SIGKILL");
  database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the processes logged, less the access log. */
const lifecycleLog = () =>
  (server?.output() ?? "")
    .split("\n")
    .filter((line) => !line.includes('"msg":"request completed"'))
    .slice(-30)
    .join("\n");

/** Fresh connections, so the primary hands them out in turn to both processes. */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...headers, connection: "close" }, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  return { status: response.status, text: await response.text() };
}

describe("one web process per core on PostgreSQL", () => {
  it("runs two processes on one port; a session, and the page cache's emptying hold whichever process answers", async () => {
    const { base } = server!;
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    // Ten fresh connections reach both processes in turn: every one knows the session.
    for (let turn = 0; turn < 10; turn++) expect((await get(`${base}/admin`, { cookie })).status).toBe(200);

    // Both processes cache the anonymous home page, then a settings write empties both caches.
    for (let turn = 0; turn < 4; turn++) await get(`${base}/`);
    // A write from anywhere (here, another client of the database) empties every process's cache.
    const siteName = `Cluster School ${Date.now()}`;
    const sql = postgres(database!.url, { max: 1, onnotice: () => {} });
    await sql`update site_settings set school_name = ${siteName}`;
    await sql.end();
    const pages: string[] = [];
    const deadline = Date.now() + 5_000;
    // The other process hears the write through LISTEN/NOTIFY, in milliseconds.
    while (Date.now() < deadline) {
      pages.length = 0;
      for (let turn = 0; turn < 4; turn++) pages.push((await get(`${base}/`)).text);
      if (pages.every((page) => page.includes(siteName))) break;
      await sleep(100);
    }
    expect(pages.filter((page) => page.includes(siteName))).toHaveLength(4);
  });

  it("replaces a process that dies, and keeps answering meanwhile", { timeout: 120_000 }, async () => {
    const { base } = server!;
    const before = childrenOf(server!.child.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[1]!, "SIGKILL");
    // Once the primary knows (a request handed to a process in the instant it dies is lost with it,
    // as with any crash), the other process answers everything while the replacement starts.
    await waitFor("the primary to notice", () => server!.output().includes("a web process stopped; starting another in its place"));
    const statuses: number[] = [];
    for (let turn = 0; turn < 10; turn++) statuses.push((await get(`${base}/courses`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const after = await waitFor("a replacement process", () => {
      const now = childrenOf(server!.child.pid!);
      return now.length === 2 && !now.includes(before[1]!) ? now : undefined;
    });
    expect(after).toContain(before[0]);
    // Ready when it listens: three "server listening" lines, the first two processes' and its own.
    await waitFor("the replacement to listen", () => (server!.output().match(/"msg":"server listening"/g)?.length ?? 0) >= 3, 60_000);
  });

  it("drains every process on SIGTERM under load and exits 0 within 10 s, with no 5xx", async () => {
    const { base } = server!;
    await waitFor("two listening processes", () => childrenOf(server!.child.pid!).length === 2);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    let done = false;
    const load = runLoad({
      base,
      agent,
      clients: 20,
      pauseMs: 5,
      until: () => done,
      probes: [
        { name: "page", path: "/courses" },
        { name: "home", path: "/" },
      ],
    });
    await sleep(1_500);
    const signalledAt = performance.now();
    server!.kill("SIGTERM");
    const exitCode = await Promise.race([server!.exited, sleep(12_000).then(() => "still running")]);
    const tookMs = performance.now() - signalledAt;
    done = true;
    const samples = await load;
    agent.destroy();
    const log = server!.output();
    server = undefined;

    expect(exitCode, log.split("\n").filter((line) => !line.includes('"msg":"request completed"')).slice(-30).join("\n")).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(samples.filter((sample) => sample.status >= 500)).toEqual([]);
    expect(samples.filter((sample) => sample.status === 200).length).toBeGreaterThan(20);
    // Both processes drained (each logs its own "stopped").
    expect(log.match(/"msg":"stopped"/g)?.length).toBe(2);
  });
});
