import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courseModules, courses, dripOverrides, enrollments, lessons, mailLog, users } from "~/server/db/schema";
import { optOutOfMarketingMail, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { sendNewLessonMails } from "./new-lesson-mail.server";

const database = useTestDatabase();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = new Date("2026-11-20T08:10:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const people: Record<string, { id: string; email: string }> = {};
let quietSlug = "";
let newsSlug = "";

beforeAll(async () => {
  const db = database().db;
  for (const name of ["learner", "joinedToday", "dripping", "overridden", "optedOut", "revoked", "quietLearner"]) {
    const id = unique(name);
    people[name] = { id, email: `${id}@example.test` };
    await db.insert(users).values({ id, email: people[name].email, name: `Learner ${name}`, role: "user" });
  }
  newsSlug = unique("news");
  quietSlug = unique("quiet");
  const [news, quiet, draft] = await db
    .insert(courses)
    .values([
      { title: "News course", slug: newsSlug, status: "published", newLessonMail: true },
      { title: "Quiet course", slug: quietSlug, status: "published" },
      { title: "Draft course", slug: unique("draft"), status: "draft", newLessonMail: true },
    ])
    .returning({ id: courses.id });
  const [week2] = await db.insert(courseModules).values({ courseId: news.id, title: "Week 2", position: 1, dripDays: 7 }).returning({ id: courseModules.id });
  await db.insert(lessons).values([
    { courseId: news.id, title: "Old lesson", slug: "old", orderIndex: 1, createdAt: ago(3 * DAY) },
    { courseId: news.id, title: "Pricing your offer", slug: "pricing", orderIndex: 2, createdAt: ago(2 * HOUR) },
    { courseId: news.id, title: "Email list basics", slug: "email-list", orderIndex: 3, createdAt: ago(20 * HOUR) },
    { courseId: news.id, moduleId: week2.id, title: "Dripped lesson", slug: "dripped", orderIndex: 1, createdAt: ago(HOUR) },
    { courseId: quiet.id, title: "Quiet lesson", slug: "quiet-lesson", orderIndex: 1, createdAt: ago(HOUR) },
    { courseId: draft.id, title: "Draft lesson", slug: "draft-lesson", orderIndex: 1, createdAt: ago(HOUR) },
  ]);
  const enrol = (name: string, courseId: string, grantedAt: Date, status: "active" | "revoked" = "active") => ({
    userId: people[name].id,
    courseId,
    source: "purchase" as const,
    status,
    grantedAt,
  });
  await db.insert(enrollments).values([
    // Week 2 opened for this learner (enrolled 10 days ago), so its new lesson is news too.
    enrol("learner", news.id, ago(10 * DAY)),
    enrol("learner", draft.id, ago(10 * DAY)),
    // Enrolled after "Email list basics" was added: only "Pricing your offer" is new to them.
    enrol("joinedToday", news.id, ago(5 * HOUR)),
    // Week 2 has not opened for this learner yet (enrolled 3 days ago), unless an admin opened it all.
    enrol("dripping", news.id, ago(3 * DAY)),
    enrol("overridden", news.id, ago(3 * DAY)),
    enrol("optedOut", news.id, ago(10 * DAY)),
    enrol("revoked", news.id, ago(10 * DAY), "revoked"),
    enrol("quietLearner", quiet.id, ago(10 * DAY)),
  ]);
  await db.insert(dripOverrides).values({ userId: people.overridden.id, courseId: news.id });
  await optOutOfMarketingMail(people.optedOut.email);
});

const newLessonMails = (email: string) =>
  database()
    .db.select()
    .from(mailLog)
    .where(and(eq(mailLog.to, email), eq(mailLog.kind, "new-lessons")));

describe("the daily new-lesson notice", () => {
  it("lists the lessons added in the last day that each learner of a course with the notice on can open", async () => {
    expect(await sendNewLessonMails({ now })).toEqual({ learners: 5, sent: 4 });

    const [learnerMail] = await newLessonMails(people.learner.email);
    expect(learnerMail.subject).toBe("3 new lessons");
    expect(learnerMail.text).toContain(`Pricing your offer, in News course: `);
    expect(learnerMail.text).toContain(`/courses/${newsSlug}/lessons/pricing`);
    expect(learnerMail.text).toContain("Email list basics, in News course");
    expect(learnerMail.text).toContain("Dripped lesson, in News course");
    expect(learnerMail.text).not.toContain("Old lesson");
    expect(learnerMail.text).not.toContain("Draft lesson");
    expect(learnerMail.text).toContain(unsubscribeUrl(people.learner.email));

    expect((await newLessonMails(people.joinedToday.email)).map((mail) => mail.subject)).toEqual(["New lesson: Pricing your offer"]);
    const [dripping] = await newLessonMails(people.dripping.email);
    expect(dripping.subject).toBe("2 new lessons");
    expect(dripping.text).not.toContain("Dripped lesson");
    expect((await newLessonMails(people.overridden.email))[0].text).toContain("Dripped lesson");
    for (const name of ["optedOut", "revoked", "quietLearner"]) expect(await newLessonMails(people[name].email), name).toEqual([]);
  });

  it("sends at most one a day, and the message carries the one-click unsubscribe", async () => {
    expect(await sendNewLessonMails({ now: new Date(now.getTime() + HOUR) })).toMatchObject({ sent: 0 });
    expect(await newLessonMails(people.learner.email)).toHaveLength(1);
    const delivered = (await mailsTo(people.learner.email))[0].replace(/\r?\n[ \t]+/g, " ");
    expect(delivered).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Two days on, nothing is new.
    expect(await sendNewLessonMails({ now: new Date(now.getTime() + 2 * DAY) })).toEqual({ learners: 0, sent: 0 });
  });
});
