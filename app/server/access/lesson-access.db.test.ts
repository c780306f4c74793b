import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { accessEvents, courses, enrollments, subscriptions, users } from "~/server/db/schema";
import { and, eq } from "drizzle-orm";
import { openAllLessonsNow } from "./drip.server";
import { courseInstructors } from "~/server/db/schema";
import {
  discussionAccessFrom,
  discussionInboxScopeFrom,
  findDiscussionInboxScope,
  inboxHoldsCourse,
  findCourseAccess,
  findCoursesAccess,
  findLessonAccess,
  lessonAccessFrom,
  quizSubmitAccessFrom,
  reviewAccessFrom,
  type LessonAccessUser,
} from "./lesson-access.server";

const database = useTestDatabase();

const PEOPLE = ["visitor", "learner", "enrolled", "revoked", "member", "lapsed", "admin", "superAdmin"] as const;
const who: Record<(typeof PEOPLE)[number], LessonAccessUser> = {} as never;
const course = { published: "", other: "", draft: "" };

beforeAll(async () => {
  const db = database().db;
  for (const name of PEOPLE) {
    if (name === "visitor") {
      who.visitor = null;
      continue;
    }
    const role = name === "admin" ? "admin" : name === "superAdmin" ? "super_admin" : "user";
    const id = unique(name);
    await db.insert(users).values({ id, email: `${id}@example.test`, name: id, role });
    who[name] = { id, role };
  }
  const rows = await db
    .insert(courses)
    .values([
      { title: "Published", slug: unique("published"), status: "published" },
      { title: "Other", slug: unique("other"), status: "published" },
      { title: "Draft", slug: unique("draft"), status: "draft" },
    ])
    .returning({ id: courses.id });
  [course.published, course.other, course.draft] = rows.map((row) => row.id);
  await db.insert(enrollments).values([
    { userId: who.enrolled!.id, courseId: course.published, source: "purchase", status: "active" },
    { userId: who.enrolled!.id, courseId: course.draft, source: "admin", status: "active" },
    { userId: who.revoked!.id, courseId: course.published, source: "admin", status: "revoked" },
  ]);
  const day = 86_400_000;
  await db.insert(subscriptions).values([
    { userId: who.member!.id, plan: "monthly", status: "active", provider: "test", currentPeriodEnd: new Date(Date.now() + day) },
    { userId: who.lapsed!.id, plan: "monthly", status: "active", provider: "test", currentPeriodEnd: new Date(Date.now() - day) },
  ]);
});

const preview = { isPreview: true, dripDays: null, dripDate: null };
const paid = { isPreview: false, dripDays: null, dripDate: null };

describe("findLessonAccess (the one rule, §6 and issue 14)", () => {
  it("answers every person for a preview and a paid lesson of a published course", async () => {
    const published = { id: course.published, status: "published" };
    const answers = Object.fromEntries(
      await Promise.all(
        PEOPLE.map(async (name) => [
          name,
          [
            await findLessonAccess({ user: who[name], lesson: preview, course: published }),
            await findLessonAccess({ user: who[name], lesson: paid, course: published }),
          ],
        ]),
      ),
    );
    expect(answers).toEqual({
      visitor: [
        { allowed: true, reason: "preview" },
        { allowed: false, reason: "sign-in" },
      ],
      learner: [
        { allowed: true, reason: "preview" },
        { allowed: false, reason: "not-enrolled" },
      ],
      enrolled: [
        { allowed: true, reason: "enrolled" },
        { allowed: true, reason: "enrolled" },
      ],
      revoked: [
        { allowed: true, reason: "preview" },
        { allowed: false, reason: "not-enrolled" },
      ],
      member: [
        { allowed: true, reason: "member" },
        { allowed: true, reason: "member" },
      ],
      lapsed: [
        { allowed: true, reason: "preview" },
        { allowed: false, reason: "not-enrolled" },
      ],
      admin: [
        { allowed: true, reason: "admin" },
        { allowed: true, reason: "admin" },
      ],
      superAdmin: [
        { allowed: true, reason: "admin" },
        { allowed: true, reason: "admin" },
      ],
    });
  });

  it("hides a draft course's lessons, previews too, from everyone but admins (an enrollment or a membership included)", async () => {
    const draft = { id: course.draft, status: "draft" };
    for (const name of PEOPLE) {
      const expected = name === "admin" || name === "superAdmin" ? { allowed: true, reason: "admin" } : { allowed: false, reason: "draft" };
      expect(await findLessonAccess({ user: who[name], lesson: preview, course: draft }), name).toEqual(expected);
    }
  });

  it("gives lists the same answers in one batch as one lesson at a time", async () => {
    const all = [
      { id: course.published, status: "published" },
      { id: course.other, status: "published" },
      { id: course.draft, status: "draft" },
    ];
    for (const name of PEOPLE) {
      const batch = await findCoursesAccess({ user: who[name], courses: all });
      for (const one of all) {
        // One course alone is read by one prepared query (course-holdings.server.ts): the same answer, dates included.
        expect(await findCourseAccess({ user: who[name], course: one }), `${name} ${one.status}`).toEqual(batch.get(one.id));
        for (const lesson of [preview, paid]) {
          expect(lessonAccessFrom(batch.get(one.id)!, lesson), `${name} ${one.status} ${JSON.stringify(lesson)}`).toEqual(
            await findLessonAccess({ user: who[name], lesson, course: one }),
          );
        }
      }
    }
  });

  it("lets whoever may open a quiz lesson and is signed in submit an attempt; a visitor reads a free-preview quiz but signs in to answer (docs/decisions/024)", async () => {
    const published = { id: course.published, status: "published" };
    const draft = { id: course.draft, status: "draft" };
    const answers = Object.fromEntries(
      await Promise.all(
        PEOPLE.map(async (name) => [
          name,
          await Promise.all(
            [
              [preview, published],
              [paid, published],
              [preview, draft],
            ].map(async ([lesson, one]) => {
              const answer = quizSubmitAccessFrom(
                who[name],
                await findLessonAccess({ user: who[name], lesson: lesson as typeof preview, course: one as typeof published }),
              );
              return answer.allowed ? "submit" : answer.reason;
            }),
          ),
        ]),
      ),
    );
    expect(answers).toEqual({
      visitor: ["sign-in", "sign-in", "draft"],
      learner: ["submit", "not-enrolled", "draft"],
      enrolled: ["submit", "submit", "draft"],
      revoked: ["submit", "not-enrolled", "draft"],
      member: ["submit", "submit", "draft"],
      lapsed: ["submit", "not-enrolled", "draft"],
      admin: ["submit", "submit", "submit"],
      superAdmin: ["submit", "submit", "submit"],
    });
  });
});

describe("reviewAccessFrom (who may review a course, issue 24)", () => {
  it("answers every person, before and after they complete a lesson, on a published and a draft course", async () => {
    const published = { id: course.published, status: "published" };
    const draft = { id: course.draft, status: "draft" };
    const answers = Object.fromEntries(
      await Promise.all(
        PEOPLE.map(async (name) => {
          const onPublished = await findCourseAccess({ user: who[name], course: published });
          const onDraft = await findCourseAccess({ user: who[name], course: draft });
          return [name, [reviewAccessFrom(onPublished, 0), reviewAccessFrom(onPublished, 1), reviewAccessFrom(onDraft, 1)]];
        }),
      ),
    );
    const visitorLike = (reason: string) => [
      { allowed: false, reason },
      { allowed: false, reason },
      { allowed: false, reason: "draft" },
    ];
    const holder = [{ allowed: false, reason: "no-completed-lesson" }, { allowed: true }, { allowed: false, reason: "draft" }];
    const staff = [
      { allowed: false, reason: "admin" },
      { allowed: false, reason: "admin" },
      { allowed: false, reason: "admin" },
    ];
    expect(answers).toEqual({
      visitor: visitorLike("sign-in"),
      learner: visitorLike("not-enrolled"),
      enrolled: holder,
      revoked: visitorLike("not-enrolled"),
      member: holder,
      lapsed: visitorLike("not-enrolled"),
      admin: staff,
      superAdmin: staff,
    });
  });
});

describe("drip (issue 24): a module's lessons open later for the people who hold the course", () => {
  const DAY = 86_400_000;
  const afterAWeek = { isPreview: false, dripDays: 7, dripDate: null };
  const previewAfterAWeek = { isPreview: true, dripDays: 7, dripDate: null };
  const onDate = (date: Date) => ({ isPreview: false, dripDays: null, dripDate: date });
  // Read when called: the courses are made in beforeAll.
  const publishedCourse = () => ({ id: course.published, status: "published" });

  it("answers before, on and after the day, for every person; previews and admins ignore it", async () => {
    const held: string[] = [];
    for (const name of PEOPLE) {
      const access = await findCourseAccess({ user: who[name], course: publishedCourse() });
      const withoutDrip = lessonAccessFrom(access, paid);
      if (access.kind !== "open" || access.reason === "admin") {
        // Drip changes nothing for people who cannot open the course, nor for admins.
        const later = new Date(Date.now() + 30 * DAY);
        for (const lesson of [afterAWeek, onDate(later)]) expect(lessonAccessFrom(access, lesson), name).toEqual(withoutDrip);
        continue;
      }
      held.push(name);
      const opens = new Date(access.since.getTime() + 7 * DAY);
      expect(lessonAccessFrom(access, afterAWeek, new Date(opens.getTime() - 1)), name).toEqual({
        allowed: false,
        reason: "drip",
        opensAt: opens,
      });
      expect(lessonAccessFrom(access, afterAWeek, opens), name).toEqual(withoutDrip);
      expect(lessonAccessFrom(access, afterAWeek, new Date(opens.getTime() + DAY)), name).toEqual(withoutDrip);
      const date = new Date("2031-03-01T09:00:00Z");
      expect(lessonAccessFrom(access, onDate(date), new Date(date.getTime() - DAY)), name).toEqual({
        allowed: false,
        reason: "drip",
        opensAt: date,
      });
      expect(lessonAccessFrom(access, onDate(date), date), name).toEqual(withoutDrip);
      expect(lessonAccessFrom(access, previewAfterAWeek, access.since), name).toEqual({ allowed: true, reason: access.reason });
    }
    expect(held).toEqual(["enrolled", "member"]);
  });

  it("counts a learner's days from their enrollment and a member's from their membership", async () => {
    const access = await findCourseAccess({ user: who.enrolled, course: publishedCourse() });
    const [enrollment] = await database()
      .db.select({ grantedAt: enrollments.grantedAt })
      .from(enrollments)
      .where(and(eq(enrollments.userId, who.enrolled!.id), eq(enrollments.courseId, course.published)));
    expect(access).toMatchObject({ kind: "open", reason: "enrolled", since: enrollment.grantedAt, waived: false });
    const [membership] = await database()
      .db.select({ createdAt: subscriptions.createdAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, who.member!.id));
    expect(await findCourseAccess({ user: who.member, course: publishedCourse() })).toMatchObject({
      kind: "open",
      reason: "member",
      since: membership.createdAt,
    });
  });

  it("opens everything now for one learner when an admin says so, recorded once", async () => {
    const learnerId = unique("dripper");
    await database()
      .db.insert(users)
      .values({ id: learnerId, email: `${learnerId}@example.test`, name: "Drip Learner", role: "user" });
    await database().db.insert(enrollments).values({ userId: learnerId, courseId: course.other, source: "purchase" });
    const user = { id: learnerId, role: "user" };
    const other = { id: course.other, status: "published" };
    expect(await findLessonAccess({ user, lesson: afterAWeek, course: other })).toMatchObject({ allowed: false, reason: "drip" });
    const adminId = who.admin!.id;
    expect(await openAllLessonsNow({ userId: learnerId, courseId: course.other, actorId: adminId })).toEqual({
      found: true,
      changed: true,
    });
    expect(await openAllLessonsNow({ userId: learnerId, courseId: course.other, actorId: adminId })).toEqual({
      found: true,
      changed: false,
    });
    expect(await findLessonAccess({ user, lesson: afterAWeek, course: other })).toEqual({ allowed: true, reason: "enrolled" });
    // Only that course: the same learner's other courses keep their schedule.
    await database().db.insert(enrollments).values({ userId: learnerId, courseId: course.published, source: "purchase" });
    expect(await findLessonAccess({ user, lesson: afterAWeek, course: publishedCourse() })).toMatchObject({
      allowed: false,
      reason: "drip",
    });
    const events = await database()
      .db.select()
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, learnerId), eq(accessEvents.type, "drip_unlocked")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ courseId: course.other, actorId: adminId, courseTitle: "Other" });
  });

  it("reads overrides only where they can change an answer: not for a course without drip rules, nor for a lesson without one", async () => {
    const learnerId = unique("no-drip");
    await database()
      .db.insert(users)
      .values({ id: learnerId, email: `${learnerId}@example.test`, name: "No Drip", role: "user" });
    await database().db.insert(enrollments).values({ userId: learnerId, courseId: course.other, source: "purchase" });
    await openAllLessonsNow({ userId: learnerId, courseId: course.other, actorId: who.admin!.id });
    const user = { id: learnerId, role: "user" };
    const other = { id: course.other, status: "published" };
    expect(await findCourseAccess({ user, course: other })).toMatchObject({ kind: "open", waived: true });
    // Told that no lesson drips, the rule leaves the override unread; every answer it gives is the same.
    const undripped = await findCourseAccess({ user, course: { ...other, drips: false } });
    expect(undripped).toMatchObject({ kind: "open", reason: "enrolled", waived: false });
    expect(lessonAccessFrom(undripped, paid)).toEqual({ allowed: true, reason: "enrolled" });
    expect(await findLessonAccess({ user, lesson: paid, course: other })).toEqual({ allowed: true, reason: "enrolled" });
    expect(await findLessonAccess({ user, lesson: afterAWeek, course: other })).toEqual({ allowed: true, reason: "enrolled" });
  });
});

describe("discussionAccessFrom with course instructors (issue 42, docs/decisions/057)", () => {
  const person = { id: "someone", role: "user", emailVerified: true };
  const since = new Date("2026-01-01T00:00:00Z");
  it("makes an instructor staff on their course's lessons, open or not, but never on a draft or without the role", () => {
    const enrolled = { allowed: true, reason: "enrolled" } as const;
    const closed = { allowed: false, reason: "not-enrolled" } as const;
    const dripping = { allowed: false, reason: "drip", opensAt: since } as const;
    const draft = { allowed: false, reason: "draft" } as const;
    const answer = (lessonAccess: Parameters<typeof discussionAccessFrom>[1], instructor: boolean) => {
      const access = discussionAccessFrom(person, lessonAccess, { instructor });
      return [access.read, access.write, access.staff];
    };
    expect(answer(enrolled, true)).toEqual([true, true, true]);
    expect(answer(closed, true)).toEqual([true, true, true]);
    expect(answer(dripping, true)).toEqual([true, true, true]);
    expect(answer(draft, true)).toEqual([false, false, false]);
    // Without the role (an instructor of another course asks about this one): a learner's rights only.
    expect(answer(enrolled, false)).toEqual([true, true, false]);
    expect(answer(closed, false)).toEqual([false, false, false]);
    // A visitor is nobody's instructor.
    expect(discussionAccessFrom(null, closed, { instructor: true }).read).toBe(false);
  });
});

describe("the discussions inbox rule (issue 42, docs/decisions/059)", () => {
  it("gives an admin every course, an instructor the courses they teach, and anyone else nothing", () => {
    expect(discussionInboxScopeFrom({ id: "a", role: "admin" }, [])).toEqual({ kind: "all" });
    expect(discussionInboxScopeFrom({ id: "s", role: "super_admin" }, ["c1"])).toEqual({ kind: "all" });
    expect(discussionInboxScopeFrom({ id: "t", role: "user" }, ["c1", "c2"])).toEqual({ kind: "courses", courseIds: ["c1", "c2"] });
    expect(discussionInboxScopeFrom({ id: "u", role: "user" }, [])).toEqual({ kind: "none" });
    expect(discussionInboxScopeFrom(null, ["c1"])).toEqual({ kind: "none" });
    const taught = discussionInboxScopeFrom({ id: "t", role: "user" }, ["c1"]);
    expect([
      inboxHoldsCourse(taught, "c1"),
      inboxHoldsCourse(taught, "c2"),
      inboxHoldsCourse({ kind: "all" }, "c2"),
      inboxHoldsCourse({ kind: "none" }, "c1"),
    ]).toEqual([true, false, true, false]);
  });

  it("reads the published courses a person teaches, never a draft one, nor another person's", async () => {
    const db = database().db;
    const teacher = unique("teacher");
    const other = unique("other");
    for (const id of [teacher, other]) await db.insert(users).values({ id, email: `${id}@example.test`, name: id, role: "user" });
    const [published, draft, notTheirs] = await db
      .insert(courses)
      .values([
        { title: "Taught", slug: unique("taught"), status: "published" },
        { title: "Taught draft", slug: unique("taught-draft"), status: "draft" },
        { title: "Someone else's", slug: unique("not-theirs"), status: "published" },
      ])
      .returning({ id: courses.id });
    await db.insert(courseInstructors).values([
      { courseId: published.id, userId: teacher, createdBy: teacher },
      { courseId: draft.id, userId: teacher, createdBy: teacher },
      { courseId: notTheirs.id, userId: other, createdBy: other },
    ]);
    expect(await findDiscussionInboxScope({ user: { id: teacher, role: "user" } })).toEqual({ kind: "courses", courseIds: [published.id] });
    expect(await findDiscussionInboxScope({ user: { id: unique("nobody"), role: "user" } })).toEqual({ kind: "none" });
    expect(await findDiscussionInboxScope({ user: { id: teacher, role: "admin" } })).toEqual({ kind: "all" });
  });
});
