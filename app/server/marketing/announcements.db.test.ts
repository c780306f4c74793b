import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as announcementList from "~/routes/admin/announcements";
import * as newAnnouncement from "~/routes/admin/announcement-new";
import { getConfig } from "~/server/platform/config.server";
import { announcements, courses, enrollments, mailLog, newsletterSubscribers, users } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs/queue.server";
import { optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { listAudience, sendAnnouncement, startAnnouncement } from "./announcements.server";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const LEARNERS = 1000;
let courseId = "";
const tag = unique("ann");
const emailOf = (index: number) => `${tag}-${index}@example.test`;

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin" });
  const [course] = await db
    .insert(courses)
    .values({ title: "Announced course", slug: tag, status: "published" })
    .returning({ id: courses.id });
  courseId = course.id;
  // 1,000 learners, plus one who unsubscribed and one whose mail bounced.
  const people = Array.from({ length: LEARNERS + 2 }, (_, index) => ({
    id: `${tag}-u${index}`,
    email: emailOf(index),
    name: `Learner ${index}`,
    role: "user",
  }));
  for (let start = 0; start < people.length; start += 250) await db.insert(users).values(people.slice(start, start + 250));
  for (let start = 0; start < people.length; start += 250) {
    await db
      .insert(enrollments)
      .values(people.slice(start, start + 250).map((person) => ({ userId: person.id, courseId, source: "purchase" as const })));
  }
  await optOutOfMarketingMail(emailOf(LEARNERS));
  await db.insert(mailLog).values({
    idempotencyKey: unique("bounce"),
    kind: "receipt",
    to: emailOf(LEARNERS + 1),
    subject: "x",
    text: "x",
    html: "x",
    status: "failed",
  });
});

const runJobs = () => runDueJobs("announcement", sendAnnouncement);

describe("announcements", () => {
  it("sends to 1,000 learners once each through the queue, skipping unsubscribed and bounced addresses, even when started twice", async () => {
    const draft = { subject: `Week 3 is live ${tag}`, bodyMd: "## New lesson\n\nWatch **it** now.", audience: "course" as const, courseId };
    const first = await startAnnouncement({ ...draft, sendKey: `${tag}-key`, actorId: admin.id });
    const again = await startAnnouncement({ ...draft, sendKey: `${tag}-key`, actorId: admin.id });
    expect(first.started).toBe(true);
    expect(again).toEqual({ id: first.id, started: false });

    await runJobs();
    // A retried job queues nothing twice.
    await sendAnnouncement({ announcementId: first.id });
    const [row] = await database().db.select().from(announcements).where(eq(announcements.id, first.id));
    expect(row).toMatchObject({ status: "sent", recipientCount: LEARNERS, queuedCount: LEARNERS });
    const queued = await database()
      .db.select({ to: mailLog.to })
      .from(mailLog)
      .where(like(mailLog.idempotencyKey, `announcement:${first.id}:%`));
    expect(queued).toHaveLength(LEARNERS);
    expect(new Set(queued.map((mail) => mail.to)).size).toBe(LEARNERS);
    expect(queued.map((mail) => mail.to)).not.toContain(emailOf(LEARNERS));
    expect(queued.map((mail) => mail.to)).not.toContain(emailOf(LEARNERS + 1));

    // Delivered once each, with the one-click unsubscribe; the list counts them.
    await deliverQueuedMailNow();
    const outbox = getConfig().mail.outboxDir;
    const files = await fs.readdir(outbox);
    const texts = await Promise.all(files.map((name) => fs.readFile(path.join(outbox, name), "utf8")));
    const mine = texts.filter((text) => text.includes(`Week 3 is live ${tag}`));
    expect(mine).toHaveLength(LEARNERS);
    expect(mine.every((text) => /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(text))).toBe(true);
    const list = await callLoader(announcementList, { path: `/admin/announcements?q=${encodeURIComponent(tag)}`, user: admin });
    expect(list.rows).toEqual([
      expect.objectContaining({
        subject: `Week 3 is live ${tag}`,
        status: "Sent",
        progress: "1,000 of 1,000 queued",
        delivered: "1,000 sent · 0 failed",
        moving: false,
      }),
    ]);
    // A thousand mails queued, sent and read back on PGlite: about a minute on a busy 2-core
    // machine, so the limit leaves room for the load of a whole suite (no time is asserted).
  }, 240_000);

  it("knows each audience", async () => {
    const subscriber = `${tag}-news@example.test`;
    await database()
      .db.insert(newsletterSubscribers)
      .values([
        { email: subscriber, status: "confirmed", token: unique("t") },
        { email: `${tag}-pending@example.test`, status: "pending", token: unique("t") },
      ]);
    const newsletter = await listAudience({ audience: "newsletter", courseId: null });
    expect(newsletter).toContain(subscriber);
    expect(newsletter).not.toContain(`${tag}-pending@example.test`);
    expect(await listAudience({ audience: "course", courseId })).toHaveLength(LEARNERS + 2);
    expect(await listAudience({ audience: "members", courseId: null })).not.toContain(emailOf(0));
  });

  it("refuses a course announcement without its course, keeps what was typed, and sends a test to the admin", async () => {
    const form = { sendKey: `${tag}-form-key-1`, subject: "Hello", bodyMd: "Body text", audience: "course", courseId: "" };
    expect(
      await callAction(newAnnouncement, { path: "/admin/announcements/new", user: admin, form: { ...form, intent: "send" } }),
    ).toMatchObject({
      init: { status: 400 },
      data: { errors: { courseId: ["Choose the course whose learners get it"] }, values: { subject: "Hello", bodyMd: "Body text" } },
    });
    expect(
      await callAction(newAnnouncement, { path: "/admin/announcements/new", user: admin, form: { ...form, intent: "test" } }),
    ).toMatchObject({
      data: { toast: { kind: "success", message: `Test sent to ${admin.email}` } },
    });
    const [test] = await database().db.select().from(mailLog).where(eq(mailLog.to, admin.email));
    expect(test).toMatchObject({ kind: "announcement", subject: "[Test] Hello" });
    expect(test.html).toContain("<p>Body text</p>");
  });

  it("lets only the owner e-mail the wide audiences: a plain admin is offered one course's learners and refused the others, sending nothing (decision 042)", async () => {
    const owner = sessionUser({ role: "super_admin" });
    await database().db.insert(users).values({ id: owner.id, email: owner.email, name: owner.name, role: "super_admin" });
    const path = "/admin/announcements/new";
    expect((await callLoader(newAnnouncement, { path, user: admin })).audiences).toEqual(["course"]);
    expect((await callLoader(newAnnouncement, { path, user: owner })).audiences).toEqual(["course", "members", "customers", "newsletter"]);

    const before = await database().db.$count(announcements);
    for (const audience of ["members", "customers", "newsletter"]) {
      const form = {
        sendKey: `${tag}-wide-${audience}`,
        subject: "Everyone",
        bodyMd: "Hello all",
        audience,
        courseId: "",
        intent: "send",
      };
      expect(await callAction(newAnnouncement, { path, user: admin, form })).toMatchObject({
        init: { status: 403 },
        data: {
          errors: { audience: ["Only the school's owner can e-mail all members, all customers or newsletter subscribers"] },
          values: { subject: "Everyone" },
        },
      });
    }
    expect(await database().db.$count(announcements)).toBe(before);

    const ownerForm = { sendKey: `${tag}-wide-owner`, subject: "Everyone", bodyMd: "Hello all", audience: "newsletter", courseId: "" };
    const asked = await callAction(newAnnouncement, { path, user: owner, form: { ...ownerForm, intent: "send" } });
    const { confirmation } = (asked as { data: { confirm: { confirmation: string } } }).data.confirm;
    const sent = (await callAction(newAnnouncement, {
      path,
      user: owner,
      form: { ...ownerForm, intent: "confirm", confirmation },
    })) as Response;
    expect(sent.status).toBe(302);
    expect(await database().db.$count(announcements)).toBe(before + 1);
  });

  describe("confirming before sending (issue 39)", () => {
    const path = "/admin/announcements/new";
    const draft = () => ({
      sendKey: unique("confirm-key"),
      subject: `Confirm me ${tag}`,
      bodyMd: "Read **this** [the new lesson](https://example.test/lessons/3) now.",
      audience: "course",
      courseId,
    });

    it("counts the recipients (less the unsubscribed and bounced) and sends nothing until that number is confirmed", async () => {
      const form = draft();
      const before = await database().db.$count(announcements);
      const asked = await callAction(newAnnouncement, { path, user: admin, form: { ...form, intent: "send" } });
      expect(asked).toMatchObject({
        init: { status: 200 },
        data: {
          confirm: { count: LEARNERS, confirmation: `course:${courseId}:${LEARNERS}`, changed: null },
          values: { subject: form.subject },
        },
      });
      expect(await database().db.$count(announcements)).toBe(before);

      // A confirmation of another number (people enrolled since, or another audience) asks again with today's.
      const stale = await callAction(newAnnouncement, {
        path,
        user: admin,
        form: { ...form, intent: "confirm", confirmation: `course:${courseId}:${LEARNERS - 1}` },
      });
      expect(stale).toMatchObject({
        init: { status: 409 },
        data: {
          confirm: { count: LEARNERS, changed: "The audience changed since you checked: it is now 1,000 people. Confirm again to send." },
        },
      });
      expect(await database().db.$count(announcements)).toBe(before);

      const sent = (await callAction(newAnnouncement, {
        path,
        user: admin,
        form: { ...form, intent: "confirm", confirmation: `course:${courseId}:${LEARNERS}` },
      })) as Response;
      expect(sent.status).toBe(302);
      expect(await database().db.$count(announcements)).toBe(before + 1);
    });

    it("refuses to send to nobody, saying why", async () => {
      const [empty] = await database()
        .db.insert(courses)
        .values({ title: "Nobody here", slug: unique("empty-course"), status: "published" })
        .returning({ id: courses.id });
      const before = await database().db.$count(announcements);
      for (const intent of ["send", "confirm"]) {
        expect(
          await callAction(newAnnouncement, {
            path,
            user: admin,
            form: { ...draft(), courseId: empty.id, intent, confirmation: `course:${empty.id}:0` },
          }),
        ).toMatchObject({
          init: { status: 422 },
          data: { errors: { audience: ["Nobody would get this: the course has no enrolled learners."] } },
        });
      }
      // Everyone in the audience unsubscribed: the reason says so.
      const [quiet] = await database()
        .db.insert(courses)
        .values({ title: "All opted out", slug: unique("quiet-course"), status: "published" })
        .returning({ id: courses.id });
      await database()
        .db.insert(enrollments)
        .values({ userId: `${tag}-u${LEARNERS}`, courseId: quiet.id, source: "purchase" });
      expect(
        await callAction(newAnnouncement, { path, user: admin, form: { ...draft(), courseId: quiet.id, intent: "send" } }),
      ).toMatchObject({
        init: { status: 422 },
        data: { errors: { audience: ["Nobody would get this: the one person in this audience unsubscribed or their mail bounced."] } },
      });
      expect(await database().db.$count(announcements)).toBe(before);
    });

    it("mails a plain-text part made from the Markdown, and an HTML part that wraps long links", async () => {
      const longUrl = `https://example.test/${"very-long-path-".repeat(10)}end`;
      const bodyMd = `## Week **4**\n\nRead **this** and _that_ in [the new lesson](https://example.test/lessons/4).\n\n- See ${longUrl}\n- \`code\` stays`;
      const form = { ...draft(), bodyMd, intent: "test" };
      await callAction(newAnnouncement, { path, user: admin, form });
      const [mail] = await database()
        .db.select()
        .from(mailLog)
        .where(and(eq(mailLog.to, admin.email), eq(mailLog.subject, `[Test] ${form.subject}`)));
      expect(mail.text).not.toMatch(/\*\*|\]\(|^#|`|_that_/m);
      expect(mail.text).toContain("Week 4\n\nRead this and that in the new lesson (https://example.test/lessons/4).");
      // The long link is never cut: it stands whole on its own line (under its list item).
      expect(mail.text.split("\n").map((line) => line.trim())).toContain(longUrl);
      expect(mail.text).toContain("- code stays");
      expect(mail.html).toMatch(/<body style="[^"]*overflow-wrap:anywhere;word-break:break-word/);
    });
  });
});
