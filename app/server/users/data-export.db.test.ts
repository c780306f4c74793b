import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { mailsTo } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { JOB_QUEUE } from "~/lib/job-queues";
import * as account from "~/routes/account/account";
import * as userDetails from "~/routes/admin/user-details";
import * as download from "~/routes/resources/data-export-download";
import {
  accessEvents,
  certificates,
  courses,
  dataExports,
  discussionPosts,
  enrollments,
  lessonProgress,
  lessons,
  orders,
  quizAttempts,
  reviews,
  users,
} from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs/queue.server";
import { getStorage, publicUrl } from "~/server/platform/storage.server";
import { buildQueuedDataExport, DATA_EXPORT_FILES, openDataExport, sweepExpiredDataExports } from "./data-export.server";

/** Issue 43, "Download my data": the ZIP holds the person's own rows (and nobody else's), by an e-mailed link only they can open, for 7 days. */

const database = useTestDatabase();
const AVATAR = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A learner with a row in every table the export reads, on a course shared with `tag`'s other learner. */
async function learnerWithData(courseId: string, lessonId: string, name: string) {
  const db = database().db;
  const person = sessionUser({ role: "user", name });
  const avatarKey = `avatars/${person.id}.png`;
  await getStorage().put("media", avatarKey, Readable.from([AVATAR]), { contentType: "image/png" });
  await db
    .insert(users)
    .values({ id: person.id, email: person.email, name, role: "user", image: publicUrl("media", avatarKey), bio: `Bio of ${name}` });
  await db.insert(enrollments).values({ userId: person.id, courseId, source: "purchase" });
  await db.insert(lessonProgress).values({ userId: person.id, lessonId, completedAt: new Date() });
  await db
    .insert(quizAttempts)
    .values({ userId: person.id, lessonId, attemptNumber: 1, correctCount: 2, questionCount: 3, scorePercent: 67, passed: true });
  await db.insert(certificates).values({ userId: person.id, courseId, learnerName: name, courseTitle: "Shared" });
  await db
    .insert(orders)
    .values({
      userId: person.id,
      customerEmail: person.email,
      kind: "course",
      courseId,
      itemTitle: "Shared",
      amountCents: 4900,
      status: "paid",
      provider: "test",
    });
  await db.insert(reviews).values({ courseId, userId: person.id, authorName: name, rating: 5, comment: `Review by ${name}` });
  await db
    .insert(discussionPosts)
    .values({
      courseId,
      lessonId,
      kind: "question",
      authorId: person.id,
      authorName: name,
      bodyMd: `Post by ${name}`,
      bodyHtml: "<p>Post</p>",
    });
  return person;
}

async function twoLearners() {
  const db = database().db;
  const tag = unique("export");
  const [course] = await db
    .insert(courses)
    .values({ title: `Shared ${tag}`, slug: tag, status: "published" })
    .returning({ id: courses.id });
  const [lesson] = await db
    .insert(lessons)
    .values({ courseId: course!.id, title: "L", slug: "l", orderIndex: 1 })
    .returning({ id: lessons.id });
  const ann = await learnerWithData(course!.id, lesson!.id, "Ann Export");
  const bob = await learnerWithData(course!.id, lesson!.id, "Bob Other");
  return { ann, bob };
}

const buildQueued = () => runDueJobs(JOB_QUEUE.dataExport, buildQueuedDataExport);

async function downloadedZip(user: ReturnType<typeof sessionUser>, exportId: string) {
  const answer = (await callLoader(download, { path: `/account/data-export/${exportId}`, params: { exportId }, user })) as Response;
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Content-Type")).toBe("application/zip");
  return unzipSync(new Uint8Array(await answer.arrayBuffer()));
}

const linkIn = (mail: string) => mail.match(/\/account\/data-export\/([0-9a-f-]{36})/)?.[1];

describe("Download my data", () => {
  it("builds through the queue a ZIP of the person's own rows in each file, and none of anyone else's, with the avatar", async () => {
    const { ann, bob } = await twoLearners();
    const asked = await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    expect(JSON.stringify(asked)).toContain("Your data is being prepared");
    // Asking again while it is prepared queues nothing more.
    await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    expect(await database().db.select().from(dataExports).where(eq(dataExports.userId, ann.id))).toHaveLength(1);
    const before = await callLoader(account, { path: "/account", user: ann });
    expect(before.dataExport).toMatchObject({ status: "preparing", path: null });

    expect(await buildQueued()).toEqual({ ran: 1, failed: 0 });
    const mails = await mailsTo(ann.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Your data is ready");
    const exportId = linkIn(mails[0]!);
    expect(exportId).toBeTruthy();
    expect(await mailsTo(bob.email)).toHaveLength(0);
    const after = await callLoader(account, { path: "/account", user: ann });
    expect(after.dataExport).toMatchObject({ status: "ready", path: `/account/data-export/${exportId}` });

    const files = await downloadedZip(ann, exportId!);
    expect(Object.keys(files).sort()).toEqual(["README.txt", "avatar.png", ...DATA_EXPORT_FILES].sort());
    expect(Buffer.from(files["avatar.png"]!)).toEqual(AVATAR);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(read("profile.json")).toMatchObject({ id: ann.id, email: ann.email, name: "Ann Export", bio: "Bio of Ann Export" });
    for (const name of DATA_EXPORT_FILES.filter((file) => file !== "profile.json")) {
      const rows = read(name) as Record<string, unknown>[];
      const owners = rows.map((row) => row.userId ?? row.authorId);
      const expected = name === "memberships.json" || name === "saved-courses.json" ? 0 : 1;
      expect(rows, name).toHaveLength(expected);
      expect(
        owners.every((owner) => owner === ann.id),
        name,
      ).toBe(true);
    }
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes, true))
      .join("\n");
    expect(text).not.toContain(bob.id);
    expect(text).not.toContain("Bob Other");
  });

  it("refuses the link to anyone but its owner, an admin included", async () => {
    const { ann, bob } = await twoLearners();
    await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    await buildQueued();
    const [row] = await database().db.select().from(dataExports).where(eq(dataExports.userId, ann.id));
    for (const someone of [bob, sessionUser({ role: "super_admin" })]) {
      const refused = await thrownResponse(
        callLoader(download, { path: `/account/data-export/${row!.id}`, params: { exportId: row!.id }, user: someone }),
      );
      expect(refused.status).toBe(404);
    }
    const visitor = await thrownResponse(
      callLoader(download, { path: `/account/data-export/${row!.id}`, params: { exportId: row!.id }, user: null }),
    );
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });

  it("says the link expired after 7 days, and the sweep deletes the file", async () => {
    const { ann } = await twoLearners();
    await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    await buildQueued();
    const [row] = await database().db.select().from(dataExports).where(eq(dataExports.userId, ann.id));
    const sixDays = new Date(Date.now() + 6 * 86_400_000);
    expect((await openDataExport({ exportId: row!.id, userId: ann.id, now: sixDays })).kind).toBe("file");
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    expect((await openDataExport({ exportId: row!.id, userId: ann.id, now: eightDays })).kind).toBe("expired");

    await database()
      .db.update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, row!.id));
    const expired = (await callLoader(download, {
      path: `/account/data-export/${row!.id}`,
      params: { exportId: row!.id },
      user: ann,
    })) as Response;
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toBe("/account");
    expect((await toastAfter(expired))?.message).toMatch(/^This download link expired on .+\. Ask for a new copy of your data below\.$/);
    expect(await sweepExpiredDataExports()).toBeGreaterThanOrEqual(1);
    expect(await getStorage().stat("private", row!.storageKey!)).toBeUndefined();
    expect((await callLoader(account, { path: "/account", user: ann })).dataExport).toMatchObject({ expired: true, path: null });
  });

  it("a newer copy replaces the older one's file", async () => {
    const { ann } = await twoLearners();
    await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    await buildQueued();
    await callAction(account, { path: "/account", user: ann, form: { intent: "request-data-export" } });
    await buildQueued();
    const rows = await database().db.select().from(dataExports).where(eq(dataExports.userId, ann.id)).orderBy(dataExports.requestedAt);
    expect(rows).toHaveLength(2);
    expect((await openDataExport({ exportId: rows[0]!.id, userId: ann.id })).kind).toBe("expired");
    expect((await openDataExport({ exportId: rows[1]!.id, userId: ann.id })).kind).toBe("file");
    expect(await getStorage().stat("private", rows[0]!.storageKey ?? `data-exports/${ann.id}/${rows[0]!.id}.zip`)).toBeUndefined();
  });

  it("an admin asks for it from the user's page, audited; the person gets the link, the admin cannot open it", async () => {
    const { ann } = await twoLearners();
    const admin = sessionUser({ role: "admin" });
    await database().db.insert(users).values({ id: admin.id, email: admin.email, name: "Admin", role: "admin" });
    await callAction(userDetails, {
      path: `/admin/users/${ann.id}`,
      params: { id: ann.id },
      user: admin,
      form: { intent: "request-data-export" },
    });
    const [event] = await database().db.select().from(accessEvents).where(eq(accessEvents.userId, ann.id));
    expect(event).toMatchObject({ type: "data_export_requested", actorId: admin.id, actorEmail: admin.email });
    const page = await callLoader(userDetails, { path: `/admin/users/${ann.id}`, params: { id: ann.id }, user: admin });
    expect(page.dataExport).toMatchObject({ status: "preparing" });
    await buildQueued();
    const exportId = linkIn((await mailsTo(ann.email))[0]!);
    expect(
      await thrownResponse(
        callLoader(download, { path: `/account/data-export/${exportId}`, params: { exportId: exportId! }, user: admin }),
      ),
    ).toMatchObject({
      status: 404,
    });
    expect(Object.keys(await downloadedZip(ann, exportId!))).toContain("profile.json");
  });
});
