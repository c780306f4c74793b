import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { accessEvents, courses, enrollments, lessons, mailLog, orders, users } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import {
  ensureProductionBuild,
  sleep,
  startPostgresCluster,
  startServerProcess,
  type PostgresCluster,
  type ServerProcess,
} from "../support/processes";

/**
 * Crash safety (issue 22): a real production server on PostgreSQL is killed with SIGKILL in the
 * middle of a write and started again. A multi-step write reaches a pause point inside its
 * transaction (app/server/platform/crash-points.server.ts, compiled into the test build only) and is killed
 * there, before its commit; an upload is killed while its body is still streaming in. After the
 * restart the database holds exactly what it held before (nothing of the write, not some of it),
 * the write then succeeds when repeated, and no partial file is visible or left behind. The course
 * save is killed on the embedded database (PGlite) too: the next start takes over the dead
 * process's lock and the database recovers without the interrupted save.
 */

const ADMIN = { email: "owner@crash.example", password: "a long crash-safety password 42" };
const LEARNER = { email: "learner@crash.example", password: "a long learner password for crashes" };
const LESSON_COUNT = 50;
const VIDEO_BYTES = 40 * 1024 * 1024;

let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
let handle: DatabaseHandle | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-crash-"));
const pointsDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-crash-points-"));
const embeddedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-crash-pglite-"));

let settings: Record<string, string> = {};
let adminCookie = "";
let learnerCookie = "";
let course = { id: "", slug: "" };

const db = () => handle!.db;

afterAll(() => {
  for (const dir of [pointsDir, embeddedDataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(account: { email: string; password: string }) {
  const { base } = server!;
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A form posted as the browser posts it without JavaScript. */
function post(pathname: string, cookie: string, form: Record<string, string>) {
  const { base } = server!;
  return fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

async function waitFor(condition: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server?.output().slice(-3000)}`);
    await sleep(25);
  }
}

/** SIGKILL, then the same server again on the same port (cookies and links stay valid). */
async function killAndRestart() {
  const { port } = server!;
  server!.kill("SIGKILL");
  expect(await server!.exited).toBe("SIGKILL");
  server = await startServerProcess(settings, { port });
}

/**
 * Arms the pause point `point`, sends the request, and once the server has reached the point
 * (inside the write's transaction) kills it and starts it again. The request never got an answer.
 */
async function crashDuring(point: string, send: () => Promise<Response>) {
  const reached = path.join(pointsDir, `${point}.reached`);
  fs.writeFileSync(path.join(pointsDir, `${point}.armed`), "");
  const answer = send().then(
    (response) => `answered ${response.status}`,
    () => "no answer",
  );
  await waitFor(() => fs.existsSync(reached), `the pause point "${point}"`);
  await killAndRestart();
  fs.rmSync(reached);
  expect(await answer).toBe("no answer");
}

/** The Edit Course form for `title` and these lesson rows, as the page sends it. */
function courseForm(title: string, rows: { id?: string; title: string; content: string }[], extra: Record<string, string> = {}) {
  const form: Record<string, string> = {
    intent: "publish",
    title,
    slug: course.slug,
    shortDescription: "Everything about crashes.",
    longDescriptionMd: "## Why\n\nBecause processes die.",
    price: "49",
    level: "Intermediate",
    "topics.automation": "Automation",
    track: "Automation Track",
    outcomes: "Survive a crash",
    coverUrl: "",
    ...extra,
  };
  rows.forEach((row, index) => {
    form[`lessons.${index}.id`] = row.id ?? "";
    form[`lessons.${index}.title`] = row.title;
    form[`lessons.${index}.contentMd`] = row.content;
  });
  return form;
}

async function courseState() {
  const [row] = await db()
    .select({ title: courses.title, revision: courses.revision, status: courses.status, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.id, course.id));
  const rows = await db()
    .select({
      id: lessons.id,
      title: lessons.title,
      content: lessons.contentMd,
      orderIndex: lessons.orderIndex,
      updatedAt: lessons.updatedAt,
    })
    .from(lessons)
    .where(eq(lessons.courseId, course.id))
    .orderBy(asc(lessons.orderIndex));
  return { course: row, lessons: rows };
}

async function learnerPurchases() {
  const [learner] = await db().select({ id: users.id }).from(users).where(eq(users.email, LEARNER.email));
  const userId = learner!.id;
  const bought = await db()
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const access = await db()
    .select({ status: enrollments.status, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, course.id)));
  const events = await db()
    .select({ type: accessEvents.type })
    .from(accessEvents)
    .where(eq(accessEvents.userId, userId))
    .orderBy(asc(accessEvents.createdAt));
  const receipts = await db()
    .select({ key: mailLog.idempotencyKey })
    .from(mailLog)
    .where(
      inArray(
        mailLog.idempotencyKey,
        bought.map((order) => `receipt:${order.id}`),
      ),
    );
  return { orders: bought, access, events: events.map((event) => event.type), receipts: receipts.length };
}

describe("kill -9 in the middle of a write, then a restart, on PostgreSQL", () => {
  beforeAll(async () => {
    await ensureProductionBuild();
    cluster = await startPostgresCluster();
    settings = {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENTS_PROVIDER: "test",
      RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
      AUTH_SECRET: "crash-safety-test-secret-crash-safety-01",
      CRASH_POINTS_DIR: pointsDir,
    };
    server = await startServerProcess(settings);
    handle = await openDatabase({ kind: "postgres", url: cluster.url, max: 2 });
    await upsertPasswordUser(db(), { ...LEARNER, role: "user" });
    adminCookie = await signIn(ADMIN);
    learnerCookie = await signIn(LEARNER);
  }, 600_000);

  afterAll(async () => {
    server?.kill("SIGKILL");
    await handle?.close();
    cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a course save with 50 lessons: the course and every lesson are as before the save, and the save then succeeds", async () => {
    const title = "Crash-Proof Course";
    course = { id: "", slug: "crash-proof-course" };
    const rows = Array.from({ length: LESSON_COUNT }, (_, index) => ({ title: `Lesson ${index + 1}`, content: `Body ${index + 1}` }));
    const created = await post("/admin/courses/new", adminCookie, courseForm(title, rows));
    expect(created.status).toBe(302);
    const [saved] = await db().select({ id: courses.id }).from(courses).where(eq(courses.slug, course.slug));
    course.id = saved!.id;
    const before = await courseState();
    expect(before.lessons).toHaveLength(LESSON_COUNT);

    // Every lesson renamed and rewritten, in reverse order, one removed and one added, a new title.
    const edited = [...before.lessons]
      .reverse()
      .slice(1)
      .map((lesson) => ({ id: lesson.id, title: `${lesson.title}, revised`, content: `${lesson.content}, revised` }));
    const form = courseForm(`${title}, revised`, [...edited, { title: "A new lesson", content: "New" }], {
      revision: String(before.course!.revision),
      "removedLessons.0": before.lessons.at(-1)!.id,
    });
    await crashDuring("course-save", () => post(`/admin/courses/${course.id}/edit`, adminCookie, form));

    expect(await courseState()).toEqual(before);
    // The public page shows the course as it was.
    const page = await (await fetch(`${server!.base}/courses/${course.slug}`)).text();
    expect(page).toContain(title);
    expect(page).not.toContain("revised");

    expect((await post(`/admin/courses/${course.id}/edit`, adminCookie, form)).status).toBe(302);
    const after = await courseState();
    expect(after.course).toMatchObject({ title: `${title}, revised`, revision: before.course!.revision + 1 });
    expect(after.lessons.map((lesson) => lesson.title)).toEqual([...edited.map((lesson) => lesson.title), "A new lesson"]);
  }, 120_000);

  it("a curriculum reorder: the lessons keep their order, numbered 1 to 50, and the move then succeeds", async () => {
    const before = await courseState();
    const first = before.lessons[0]!;
    const move = { intent: "move-lesson", lessonId: first.id, moduleId: "", position: String(LESSON_COUNT) };
    await crashDuring("curriculum-reorder", () => post(`/admin/courses/builder/${course.id}`, adminCookie, move));

    const after = await courseState();
    expect(after).toEqual(before);
    expect(after.lessons.map((lesson) => lesson.orderIndex)).toEqual(Array.from({ length: LESSON_COUNT }, (_, index) => index + 1));

    expect((await post(`/admin/courses/builder/${course.id}`, adminCookie, move)).status).toBeLessThan(400);
    const moved = await courseState();
    expect(moved.lessons.map((lesson) => lesson.id)).toEqual([...before.lessons.slice(1).map((lesson) => lesson.id), first.id]);
    expect(moved.lessons.map((lesson) => lesson.orderIndex)).toEqual(Array.from({ length: LESSON_COUNT }, (_, index) => index + 1));
  }, 120_000);

  it("a checkout fulfilment (test mode): the order is still unpaid, with no enrollment, audit row or receipt; paying again fulfils it once", async () => {
    const pay = () => post("/checkout", learnerCookie, { intent: "pay-course", courseId: course.id });
    await crashDuring("checkout-fulfilment", pay);

    expect(await learnerPurchases()).toEqual({
      orders: [{ id: expect.any(String), status: "pending" }],
      access: [],
      events: [],
      receipts: 0,
    });
    const lesson = (await courseState()).lessons[0]!;
    const [{ slug }] = await db().select({ slug: lessons.slug }).from(lessons).where(eq(lessons.id, lesson.id));
    const locked = await fetch(`${server!.base}/courses/${course.slug}/lessons/${slug}`, {
      headers: { cookie: learnerCookie },
      redirect: "manual",
    });
    expect(locked.status).toBe(403);

    const paid = await pay();
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toMatch(/^\/checkout\/success\?order=/);
    const after = await learnerPurchases();
    expect(after.orders.map((order) => order.status)).toEqual(["pending", "paid"]);
    expect(after.access).toEqual([{ status: "active", source: "purchase" }]);
    expect(after.receipts).toBe(1);
  }, 120_000);

  it("a refund: the order is still paid and the learner still enrolled, with no refund recorded; refunding again takes it back once", async () => {
    const before = await learnerPurchases();
    const paid = before.orders.find((order) => order.status === "paid")!;
    const refund = () => post("/admin/orders", adminCookie, { intent: "refund", orderId: paid.id });
    await crashDuring("refund", refund);

    expect(await learnerPurchases()).toEqual(before);

    expect((await refund()).status).toBeLessThan(400);
    const after = await learnerPurchases();
    expect(after.orders.map((order) => order.status)).toEqual(["pending", "refunded"]);
    expect(after.access).toEqual([{ status: "revoked", source: "purchase" }]);
    expect(after.events.slice(before.events.length)).toEqual(["refund", "revoke"]);
  }, 120_000);

  it("a 40 MB lesson-video upload: the partial file is never listed or served, no lesson points at it, and it is swept once abandoned", async () => {
    const lesson = (await courseState()).lessons[0]!;
    const folder = path.join(dataDir, "storage", "course-videos", course.id);
    const filesIn = () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);
    const partial = () => filesIn().find((name) => name.endsWith(".part"));

    const request = startVideoUpload(server!.base, adminCookie, lesson.id);
    // Half the body sent; the server is writing it to storage when the kill comes.
    request.write(VIDEO_BYTES / 2);
    await waitFor(() => {
      const name = partial();
      return name !== undefined && fs.statSync(path.join(folder, name)).size >= VIDEO_BYTES / 4;
    }, "the upload's temporary file to grow");
    await killAndRestart();
    expect(await request.answer).toBe("no answer");

    // What the crash left: one temporary file, no stored object, no lesson pointing at anything.
    const left = partial()!;
    expect(filesIn()).toEqual([left]);
    const pointing = await db()
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, course.id), isNotNull(lessons.videoStoragePath)));
    expect(pointing).toEqual([]);
    const key = `${course.id}/${left}`;
    for (const url of [
      `/media/course-videos/${key}`,
      `/media/course-videos/${key.replace(/\.[0-9a-f]+\.part$/, "")}`,
      `/media/media/${key}`,
    ]) {
      expect((await fetch(`${server!.base}${url}`, { headers: { cookie: adminCookie } })).status, url).toBe(404);
    }
    expect((await fetch(`${server!.base}/api/lessons/${lesson.id}/video`, { headers: { cookie: adminCookie } })).status).toBe(404);

    // An hour later it counts as abandoned: the next start removes it.
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
    fs.utimesSync(path.join(folder, left), anHourAgo, anHourAgo);
    await killAndRestart();
    await waitFor(() => partial() === undefined, "the abandoned upload file to be swept", 10_000);
    expect(server!.output()).toContain('"msg":"abandoned upload files removed"');
  }, 120_000);
});

describe("kill -9 in the middle of a course save, then a restart, on the embedded database (PGlite)", () => {
  beforeAll(async () => {
    await ensureProductionBuild();
    settings = {
      DATA_DIR: embeddedDataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
      AUTH_SECRET: "crash-safety-test-secret-crash-safety-02",
      CRASH_POINTS_DIR: pointsDir,
    };
    server = await startServerProcess(settings);
    adminCookie = await signIn(ADMIN);
  }, 600_000);

  afterAll(() => {
    server?.kill("SIGKILL");
  });

  it("the dead process's lock is taken over, the database recovers, and the course page shows the course as it was", async () => {
    const title = "Embedded Crash Course";
    course = { id: "", slug: "embedded-crash-course" };
    const rows = Array.from({ length: LESSON_COUNT }, (_, index) => ({ title: `Lesson ${index + 1}`, content: `Body ${index + 1}` }));
    expect((await post("/admin/courses/new", adminCookie, courseForm(title, rows))).status).toBe(302);
    // The database is the server's alone while it runs: the id comes from the course list.
    const list = await (await fetch(`${server!.base}/admin/courses`, { headers: { cookie: adminCookie } })).text();
    course.id = /\/admin\/courses\/([0-9a-f-]{36})\/edit/.exec(list)![1]!;

    // Fifty more lessons and a new title, in the one save the kill interrupts.
    const added = Array.from({ length: LESSON_COUNT }, (_, index) => ({ title: `Added lesson ${index + 1}`, content: "Added" }));
    const form = courseForm(`${title}, revised`, added, { revision: "1" });
    await crashDuring("course-save", () => post(`/admin/courses/${course.id}/edit`, adminCookie, form));

    const page = await (await fetch(`${server!.base}/courses/${course.slug}`)).text();
    expect(page).toContain(title);
    expect(page).toContain("Lesson 50");
    expect(page).not.toContain("revised");
    expect(page).not.toContain("Added lesson");

    expect((await post(`/admin/courses/${course.id}/edit`, adminCookie, form)).status).toBe(302);
    const saved = await (await fetch(`${server!.base}/courses/${course.slug}`)).text();
    expect(saved).toContain(`${title}, revised`);
    expect(saved).toContain("Added lesson 50");
  }, 180_000);
});

/** An upload of a 40 MB MP4 whose body is sent only as far as the test says. */
function startVideoUpload(base: string, cookie: string, lessonId: string) {
  const boundary = "----crash-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // An MP4's first box ("ftyp", brand isom) is what the type is read from; the rest is filler.
  const ftyp = Buffer.from("0000001c667479706973736f6d0000020069736f6d69736f32617663316d703431", "hex");
  const req = http.request(`${base}/api/uploads/lesson-video?ownerId=${lessonId}`, {
    method: "POST",
    headers: {
      cookie,
      origin: base,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + VIDEO_BYTES + tail.length),
    },
  });
  const answer = new Promise<string>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve(`answered ${res.statusCode}`);
    });
    req.on("error", () => resolve("no answer"));
  });
  req.write(Buffer.concat([head, ftyp]));
  let sent = ftyp.length;
  return {
    answer,
    /** Sends the file's bytes up to `upTo` (not the end of the body). */
    write(upTo: number) {
      const chunk = Buffer.alloc(1024 * 1024);
      while (sent < upTo) {
        const size = Math.min(chunk.length, upTo - sent);
        req.write(chunk.subarray(0, size));
        sent += size;
      }
    },
  };
}
