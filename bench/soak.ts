// `npm run bench:soak`: two minutes of mixed traffic against a production start (issue 22) —
// anonymous visitors on the public pages, people signing in and out, a learner saving the video
// position of lessons, an admin unpublishing and publishing a post and reading the back office.
// Every answer's status is checked against the one that request should get; the latencies (p50,
// p95, p99 per kind of request) and the server's RSS after a warm-up and at the end (medians of
// readings every 2 s, with the range in between) are printed and appended to bench/RESULTS.md.
// A benchmark, not a test: it reports, it does not fail a build.
//
//   SOAK_SECONDS=120        the measured traffic        SOAK_WARMUP_SECONDS=30  the warm-up before it
//   SOAK_VISITORS=12        anonymous clients (the other kinds run one or two clients each)
//   BENCH_PORT=4316         the server's port
//   BENCH_DATABASE_URL=postgres://…/postgres   PostgreSQL (a database of its own) instead of PGlite
//   BENCH_SMOKE=1           a run that checks the command works (3 s of warm-up, 4 s of traffic, 2 visitors); appends nowhere
//   BENCH_RESULTS_FILE=…    append to this file instead of bench/RESULTS.md
//
// The learners are prepared in the database before the server starts (it holds PGlite's lock
// while it runs): accounts with a password, enrolled in the demo's first course.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { and, asc, eq, ne } from "drizzle-orm";
import postgres from "postgres";
import { grantCourseAccess } from "../app/server/access/course-access.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { courses, lessons, posts } from "../app/server/db/schema";
import { seedDemoContent } from "../app/server/db/seed/seed.server";
import { upsertPasswordUser } from "../app/server/users/password-users.server";
import {
  appendResults,
  benchSetting,
  BENCH_ADMIN,
  BROWSER_HEADERS,
  median,
  rssMb,
  signInCookie,
  sleep,
  startBenchServer,
} from "./bench-support";

const SECONDS = benchSetting("SOAK_SECONDS", 120, 4);
const WARMUP_SECONDS = benchSetting("SOAK_WARMUP_SECONDS", 30, 3);
const VISITORS = benchSetting("SOAK_VISITORS", 12, 2);
const PORT = Number(process.env.BENCH_PORT ?? 4316);
const APP_DIR = path.resolve(import.meta.dirname, "..");
const COURSE_SLUG = "shopify-101";
const LEARNERS = Array.from({ length: 3 }, (_, index) => ({
  email: `soak-learner-${index}@example.com`,
  password: `soak learner password ${index}`,
}));

const PUBLIC_PAGES = [
  "/",
  "/courses",
  "/courses?level=beginner&sort=newest",
  `/courses/${COURSE_SLUG}`,
  `/courses/${COURSE_SLUG}/lessons/welcome-and-roadmap`,
  "/blog",
  "/blog/ship-before-you-feel-ready",
  "/pricing",
  "/playbooks",
  "/testimonials",
  "/about",
  "/blog/rss.xml",
  "/sitemap.xml",
  "/courses.data",
];
const ADMIN_PAGES = ["/admin", "/admin/courses", "/admin/orders", "/admin/users", "/admin/blog"];

type Sample = { kind: string; status: number; ms: number; expected: boolean };

/** Everything the traffic needs that only the database knows: the learners, lesson ids, a post to edit. */
async function prepare(handle: DatabaseHandle) {
  await runMigrations(handle);
  await seedDemoContent(handle.db);
  setDatabase(handle);
  const [course] = await handle.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, COURSE_SLUG));
  if (!course) throw new Error(`the demo has no course ${COURSE_SLUG}`);
  for (const learner of LEARNERS) {
    const { id } = await upsertPasswordUser(handle.db, { ...learner, role: "user", name: "Soak Learner" });
    await grantCourseAccess({ userId: id, courseId: course.id, actorId: null, source: "admin" });
  }
  const lessonIds = (
    await handle.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.orderIndex))
  ).map((row) => row.id);
  // A published post the visitors do not read by its address (its list, /blog, changes with it).
  const [post] = await handle.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.status, "published"), ne(posts.slug, "ship-before-you-feel-ready")))
    .limit(1);
  if (!post) throw new Error("the demo has no second published post");
  setDatabase(undefined);
  return { lessonIds, postId: post.id };
}

async function openPrepared(databaseUrl: string, dataDir: string) {
  const handle = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl, max: 2 } : { kind: "pglite", dataDir });
  try {
    return await prepare(handle);
  } finally {
    await handle.close();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function soak(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-soak-"));
  // The seed writes the demo's images through the app's storage: into this server's DATA_DIR.
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  });
  console.log("Preparing the demo school and the learners…");
  const { lessonIds, postId } = await openPrepared(databaseUrl, dataDir);
  const { base, server, stop } = await startBenchServer({ appDir: APP_DIR, port: PORT, databaseUrl, dataDir });
  try {
    const adminCookie = await signInCookie(base, BENCH_ADMIN);
    const learnerCookies = await Promise.all(LEARNERS.map((learner) => signInCookie(base, learner)));

    let samples: Sample[] = [];
    let running = true;
    const request = async (kind: string, url: string, init: RequestInit, expected: number[]) => {
      const started = performance.now();
      let status = 0;
      try {
        const response = await fetch(`${base}${url}`, { redirect: "manual", ...init });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      const sample = { kind, status, ms: performance.now() - started, expected: expected.includes(status) };
      samples.push(sample);
      if (!sample.expected) console.warn(`unexpected: ${kind} ${url} answered ${status || "nothing"}`);
      return status;
    };
    const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

    const visitor = async (seed: number) => {
      for (let turn = seed; running; turn++) {
        await request("anonymous page", PUBLIC_PAGES[turn % PUBLIC_PAGES.length]!, { headers: BROWSER_HEADERS }, [200]);
      }
    };
    const signer = async (learner: (typeof LEARNERS)[number]) => {
      while (running) {
        const started = performance.now();
        let cookie = "";
        try {
          cookie = await signInCookie(base, learner);
          samples.push({ kind: "sign-in", status: 200, ms: performance.now() - started, expected: true });
        } catch (error) {
          samples.push({ kind: "sign-in", status: 0, ms: performance.now() - started, expected: false });
          console.warn(`unexpected: sign-in failed (${(error as Error).message})`);
          continue;
        }
        await request("signed-in page", "/account", { headers: { ...BROWSER_HEADERS, cookie } }, [200]);
        await request(
          "sign-out",
          "/api/auth/sign-out",
          { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: "{}" },
          [200],
        );
      }
    };
    const learner = async (cookie: string, seed: number) => {
      for (let turn = seed; running; turn++) {
        const lessonId = lessonIds[turn % lessonIds.length]!;
        await request(
          "progress save",
          `/api/lessons/${lessonId}/progress`,
          form(cookie, { intent: "position", position: String(turn % 600) }),
          [200],
        );
        if (turn % 5 === 0) await request("signed-in page", `/courses/${COURSE_SLUG}`, { headers: { ...BROWSER_HEADERS, cookie } }, [200]);
      }
    };
    const admin = async () => {
      for (let turn = 0; running; turn++) {
        // Each edit empties the page cache, so the visitors' next pages are rendered again.
        await request(
          "admin edit",
          "/admin/blog",
          form(adminCookie, { intent: turn % 2 === 0 ? "unpublish" : "publish", id: postId }),
          [200],
        );
        await request(
          "admin page",
          ADMIN_PAGES[turn % ADMIN_PAGES.length]!,
          { headers: { ...BROWSER_HEADERS, cookie: adminCookie } },
          [200],
        );
        await sleep(250);
      }
    };

    const traffic = () => [
      ...Array.from({ length: VISITORS }, (_, index) => visitor(index)),
      signer(LEARNERS[0]!),
      learner(learnerCookies[1]!, 0),
      learner(learnerCookies[2]!, 7),
      admin(),
    ];

    // RSS every 2 s from the start: the V8 heap grows and shrinks between collections by a fifth
    // of the total, so one reading can land on a peak or a trough. The figures compared are medians
    // of the last 10 s of the warm-up and of the run.
    type Phase = "warm-up" | "run";
    const readings: { phase: Phase; at: number; mb: number }[] = [];
    let phase = "warm-up" as Phase;
    let phaseStart = performance.now();
    const reader = setInterval(() => readings.push({ phase, at: (performance.now() - phaseStart) / 1000, mb: rssMb(server.pid!) }), 2_000);

    console.log(`Warming up for ${WARMUP_SECONDS}s…`);
    let clients = traffic();
    await sleep(WARMUP_SECONDS * 1000);
    running = false;
    await Promise.all(clients);
    const warmupRequests = samples.length;

    console.log(`Mixed traffic for ${SECONDS}s…`);
    samples = [];
    running = true;
    phase = "run";
    phaseStart = performance.now();
    clients = traffic();
    await sleep(SECONDS * 1000);
    running = false;
    await Promise.all(clients);
    clearInterval(reader);
    const elapsed = (performance.now() - phaseStart) / 1000;
    const lastTenSeconds = (which: Phase, length: number) =>
      median(readings.filter((reading) => reading.phase === which && reading.at >= length - 10).map((reading) => reading.mb));
    const run = readings.filter((reading) => reading.phase === "run");
    return {
      samples,
      elapsed,
      rssWarm: lastTenSeconds("warm-up", WARMUP_SECONDS),
      rssEnd: lastTenSeconds("run", elapsed),
      rssPeak: Math.max(...run.map((reading) => reading.mb)),
      rssLow: Math.min(...run.map((reading) => reading.mb)),
      rssEveryTen: run.filter((_, index) => index % 5 === 4).map((reading) => reading.mb),
      warmupRequests,
    };
  } finally {
    await stop();
  }
}

function report(result: Awaited<ReturnType<typeof soak>>) {
  const kinds = [...new Set(result.samples.map((sample) => sample.kind))];
  const lines = [
    "| requests | count | per s | unexpected | p50 ms | p95 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const row = (name: string, group: Sample[]) => {
    const ms = group.map((sample) => sample.ms).sort((a, b) => a - b);
    const unexpected = group.filter((sample) => !sample.expected).length;
    lines.push(
      `| ${name} | ${group.length} | ${(group.length / result.elapsed).toFixed(1)} | ${unexpected} | ${percentile(ms, 0.5).toFixed(0)} | ${percentile(ms, 0.95).toFixed(0)} | ${percentile(ms, 0.99).toFixed(0)} | ${(ms.at(-1) ?? 0).toFixed(0)} |`,
    );
  };
  for (const kind of kinds)
    row(
      kind,
      result.samples.filter((sample) => sample.kind === kind),
    );
  row("**all**", result.samples);
  const unexpected = result.samples.filter((sample) => !sample.expected);
  const statuses = [...new Set(unexpected.map((sample) => `${sample.kind}: ${sample.status || "no answer"}`))];
  const growth = result.rssEnd / result.rssWarm;
  lines.push(
    "",
    `Unexpected statuses: ${unexpected.length === 0 ? "none" : `**${unexpected.length}** (${statuses.join(", ")})`}.`,
    `RSS (median of the last 10 s) after the ${WARMUP_SECONDS}s warm-up ${result.rssWarm.toFixed(0)} MB; after ${result.elapsed.toFixed(0)}s of mixed traffic ` +
      `${result.rssEnd.toFixed(0)} MB (${growth.toFixed(2)}×, target ≤ 1.2× ${growth <= 1.2 ? "met" : "**missed**"}). During the traffic ` +
      `${result.rssLow.toFixed(0)}–${result.rssPeak.toFixed(0)} MB` +
      (result.rssEveryTen.length > 0 ? `; every 10 s: ${result.rssEveryTen.map((mb) => mb.toFixed(0)).join(", ")} MB.` : "."),
  );
  return lines.join("\n");
}

let databaseUrl = "";
let dropDatabase: (() => Promise<void>) | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const name = `course_site_soak_${process.pid}`;
  const admin = postgres(process.env.BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

try {
  const result = await soak(databaseUrl);
  const engine = databaseUrl ? "PostgreSQL" : "PGlite";
  const text = report(result);
  console.log(`\n${engine}: ${VISITORS} anonymous clients, 1 signing in and out, 2 learners saving progress, 1 admin editing\n\n${text}\n`);
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end`;
  const commit = spawnSync("git", ["log", "-1", "--format=%h"], { cwd: APP_DIR, encoding: "utf8" }).stdout.trim();
  const entry = [
    `## Soak (\`npm run bench:soak\`), ${engine}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${machine}. Code: ${commit}. ${VISITORS} anonymous clients on ${PUBLIC_PAGES.length} public pages, 1 client signing in, reading /account and signing out, ` +
      `2 learners saving lesson positions (and reading the course page), 1 admin unpublishing/publishing a post (emptying the page cache) and reading the back office; ` +
      `${result.warmupRequests} requests of warm-up first.`,
    "",
    text,
    "",
  ].join("\n");
  appendResults(`\n${entry}`);
} finally {
  await dropDatabase?.();
}
