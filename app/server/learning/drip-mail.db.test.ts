import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader } from "../../../tests/support/route-harness";
import { mailsTo } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as unsubscribePage from "~/routes/marketing/unsubscribe";
import { courseModules, courses, dripOverrides, enrollments, mailLog, subscriptions, users } from "~/server/db/schema";
import { optOutOfMarketingMail, unsubscribeHeaders, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { sendDripOpenedMails } from "./drip-mail.server";

const database = useTestDatabase();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = new Date("2026-11-20T08:05:00Z");
const people: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  const db = database().db;
  for (const name of ["opened", "notYet", "overridden", "optedOut", "member", "revoked"]) {
    const id = unique(name);
    people[name] = { id, email: `${id}@example.test` };
    await db.insert(users).values({ id, email: people[name].email, name: `Learner ${name}`, role: "user" });
  }
  const [course] = await db
    .insert(courses)
    .values({ title: "Drip mail course", slug: unique("drip-mail"), status: "published" })
    .returning({ id: courses.id });
  await db.insert(courseModules).values([
    { courseId: course.id, title: "Week 1", position: 1 },
    { courseId: course.id, title: "Week 2", position: 2, dripDays: 7 },
    { courseId: course.id, title: "Launch day", position: 3, dripDate: new Date("2026-11-25T00:00:00Z") },
  ]);
  const weekAgoPlus = (hours: number) => new Date(now.getTime() - 7 * DAY + hours * HOUR);
  await db.insert(enrollments).values([
    { userId: people.opened.id, courseId: course.id, source: "purchase", grantedAt: weekAgoPlus(-1) },
    { userId: people.notYet.id, courseId: course.id, source: "purchase", grantedAt: new Date(now.getTime() - 3 * DAY) },
    { userId: people.overridden.id, courseId: course.id, source: "purchase", grantedAt: weekAgoPlus(-2) },
    { userId: people.optedOut.id, courseId: course.id, source: "purchase", grantedAt: weekAgoPlus(-3) },
    { userId: people.revoked.id, courseId: course.id, source: "admin", status: "revoked", grantedAt: weekAgoPlus(-4) },
  ]);
  await db.insert(dripOverrides).values({ userId: people.overridden.id, courseId: course.id });
  await optOutOfMarketingMail(people.optedOut.email.toUpperCase());
  await db.insert(subscriptions).values({
    userId: people.member.id,
    plan: "monthly",
    status: "active",
    provider: "test",
    currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
    createdAt: weekAgoPlus(-5),
  });
});

const dripMails = (email: string) =>
  database()
    .db.select()
    .from(mailLog)
    .where(and(eq(mailLog.to, email), eq(mailLog.kind, "drip")));

describe("the daily drip notice", () => {
  it("mails each learner whose module opened in the last day, once a day, with a one-click unsubscribe", async () => {
    expect(await sendDripOpenedMails({ now })).toEqual({ learners: 3, sent: 2 });
    for (const name of ["opened", "member"]) {
      const [mail] = await dripMails(people[name].email);
      expect(mail.subject, name).toBe("New lessons are open: Week 2");
      expect(mail.text).toContain("Week 2, in Drip mail course");
      expect(mail.text).toContain(unsubscribeUrl(people[name].email));
    }
    for (const name of ["notYet", "overridden", "optedOut", "revoked"]) expect(await dripMails(people[name].email), name).toEqual([]);

    // The job running again the same day sends nothing more.
    expect(await sendDripOpenedMails({ now: new Date(now.getTime() + HOUR) })).toMatchObject({ sent: 0 });
    expect(await dripMails(people.opened.email)).toHaveLength(1);

    // Delivered with RFC 8058's headers; receipts and account mail carry none.
    // Long header lines are folded on the wire; read them unfolded.
    const delivered = (await mailsTo(people.opened.email))[0].replace(/\r?\n[ \t]+/g, " ");
    expect(delivered).toMatch(/^List-Unsubscribe: <http[^>]+\/unsubscribe\?email=[^>]+&token=[^>]+>$/m);
    expect(delivered).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(unsubscribeHeaders("receipt", people.opened.email)).toEqual({});
  });

  it("unsubscribes with the link's one-click POST, refuses a forged token, and the next notice is skipped", async () => {
    const url = new URL(unsubscribeUrl(people.member.email));
    const path = `${url.pathname}${url.search}`;
    expect(await callLoader(unsubscribePage, { path })).toEqual({
      email: expect.stringContaining("@example.test"),
      list: "marketing",
      done: false,
    });
    const forged = path.replace(/token=[^&]+/, "token=forged");
    expect(await callAction(unsubscribePage, { path: forged, form: { "List-Unsubscribe": "One-Click" } })).toMatchObject({
      init: { status: 400 },
    });
    expect(await callAction(unsubscribePage, { path, form: { "List-Unsubscribe": "One-Click" } })).toEqual({ unsubscribed: true });
    expect(await callLoader(unsubscribePage, { path })).toMatchObject({ done: true });

    // A week later the dated module opens for everyone who holds the course: the member is skipped now.
    const launch = new Date("2026-11-25T06:00:00Z");
    await sendDripOpenedMails({ now: launch });
    expect((await dripMails(people.member.email)).map((mail) => mail.subject)).toEqual(["New lessons are open: Week 2"]);
    // Both of this learner's later modules opened in that day: one notice names both.
    const [both] = await dripMails(people.notYet.email);
    expect(both.subject).toBe("2 new modules are open");
    expect(both.text).toContain("Week 2, in Drip mail course");
    expect(both.text).toContain("Launch day, in Drip mail course");
  });
});
