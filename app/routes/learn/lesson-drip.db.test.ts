import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as builder from "~/routes/admin/course-builder";
import * as userDetails from "~/routes/admin/user-details";
import * as courseDetail from "~/routes/catalog/course-detail";
import { formatDate } from "~/lib/dates";
import { courseModules, courses, enrollments, lessons, users } from "~/server/db/schema";
import * as lessonRoute from "./lesson";

/**
 * Drip on the pages (issue 24): the builder saves a module's release, the course page and the
 * lesson page say "Opens on …" and the lesson answers 403 without its content until then, and
 * an admin opens everything now for one learner from their page.
 */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const learner = sessionUser({ role: "user" });
const slug = unique("drip");
let courseId = "";
let laterModuleId = "";

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values([admin, learner].map(({ id, email, name, role }) => ({ id, email, name, role })));
  const [course] = await db.insert(courses).values({ title: "Drip course", slug, status: "published" }).returning({ id: courses.id });
  courseId = course.id;
  const [first, later] = await db
    .insert(courseModules)
    .values([
      { courseId, title: "Week 1", position: 1 },
      { courseId, title: "Week 2", position: 2 },
    ])
    .returning({ id: courseModules.id });
  laterModuleId = later.id;
  await db.insert(lessons).values([
    { courseId, moduleId: first.id, title: "Start here", slug: "start", type: "article", contentMd: "Welcome", orderIndex: 1 },
    { courseId, moduleId: later.id, title: "Go further", slug: "further", type: "article", contentMd: "SECRET NEXT WEEK", orderIndex: 1 },
    {
      courseId,
      moduleId: later.id,
      title: "Peek",
      slug: "peek",
      type: "article",
      contentMd: "Open to all",
      orderIndex: 2,
      isPreview: true,
    },
  ]);
  await db.insert(enrollments).values({ userId: learner.id, courseId, source: "purchase" });
});

const saveModule = (form: Record<string, string>) =>
  callAction(builder, {
    path: `/admin/courses/builder/${courseId}`,
    params: { id: courseId },
    user: admin,
    form: { intent: "update-module", moduleId: laterModuleId, title: "Week 2", description: "", ...form },
  }) as unknown as Promise<{ data: { errors?: Record<string, string[]> }; init: ResponseInit | null }>;

const lessonPage = (lessonSlug: string, user = learner) =>
  callLoader(lessonRoute, {
    path: `/courses/${slug}/lessons/${lessonSlug}`,
    params: { courseSlug: slug, lessonSlug },
    user,
  }) as unknown as Promise<{
    data: Record<string, unknown> & { curriculum: { lessons: { slug: string; locked: boolean; opensOn: string | null }[] }[] };
    init: ResponseInit | null;
  }>;

describe("drip on the builder, the course page and the lesson page", () => {
  it("refuses a release without its days or date, by the field", async () => {
    expect(await saveModule({ release: "days", dripDays: "0" })).toMatchObject({
      init: { status: 400 },
      data: { errors: { dripDays: ["Enter a whole number of days from 1 to 3650"] } },
    });
    expect(await saveModule({ release: "date", dripDate: "" })).toMatchObject({
      init: { status: 400 },
      data: { errors: { dripDate: ["Choose the date the module opens"] } },
    });
  });

  it("locks a later module's lessons with their date until it comes, and an admin can open them all for one learner", async () => {
    await saveModule({ release: "days", dripDays: "7" });
    const [module] = await database().db.select().from(courseModules).where(eq(courseModules.id, laterModuleId));
    expect(module).toMatchObject({ dripDays: 7, dripDate: null });
    const [enrollment] = await database()
      .db.select({ grantedAt: enrollments.grantedAt })
      .from(enrollments)
      .where(and(eq(enrollments.userId, learner.id), eq(enrollments.courseId, courseId)));
    const opensOn = formatDate(new Date(enrollment.grantedAt.getTime() + 7 * 86_400_000));

    const locked = await lessonPage("further");
    expect(locked.init?.status).toBe(403);
    expect(locked.data).toMatchObject({ locked: true, opensOn, contentHtml: "" });
    expect(JSON.stringify(locked.data)).not.toContain("SECRET NEXT WEEK");
    const side = locked.data.curriculum.flatMap((group) => group.lessons).map(({ slug, locked, opensOn }) => [slug, locked, opensOn]);
    expect(side).toEqual([
      ["start", false, null],
      ["further", true, opensOn],
      ["peek", false, null],
    ]);
    // A free preview in the later module stays open; admins see everything.
    expect((await lessonPage("peek")).data).toMatchObject({ locked: false });
    expect((await lessonPage("further", admin)).data).toMatchObject({ locked: false });

    const coursePage = await callLoader(courseDetail, { path: `/courses/${slug}`, params: { slug }, user: learner });
    const listed = coursePage.course.curriculum.flatMap((group) => group.lessons).map(({ slug, open, opensOn }) => [slug, open, opensOn]);
    expect(listed).toEqual([
      ["start", true, null],
      ["further", false, opensOn],
      ["peek", true, null],
    ]);

    const openAll = () =>
      callAction(userDetails, {
        path: `/admin/users/${learner.id}`,
        params: { id: learner.id },
        user: admin,
        form: { intent: "open-all", courseId },
      });
    const userPage = () => callLoader(userDetails, { path: `/admin/users/${learner.id}`, params: { id: learner.id }, user: admin });
    expect((await userPage()).courses.find((row) => row.courseId === courseId)).toMatchObject({ drip: "scheduled" });
    expect(await openAll()).toMatchObject({ data: { toast: { message: "Every lesson is open now for this learner" } } });
    expect(await openAll()).toMatchObject({ data: { toast: { message: "Every lesson was already open for this learner" } } });
    expect((await userPage()).courses.find((row) => row.courseId === courseId)).toMatchObject({ drip: "opened" });
    expect((await lessonPage("further")).data).toMatchObject({ locked: false, contentHtml: expect.stringContaining("SECRET NEXT WEEK") });
  });

  it("opens a module on a set date for everyone who holds the course, and saving 'Immediately' clears it", async () => {
    const other = sessionUser({ role: "user" });
    await database().db.insert(users).values({ id: other.id, email: other.email, name: other.name, role: "user" });
    await database().db.insert(enrollments).values({ userId: other.id, courseId, source: "purchase" });
    await saveModule({ release: "date", dripDate: "2099-01-15" });
    expect((await lessonPage("further", other)).data).toMatchObject({ locked: true, opensOn: "Jan 15, 2099" });
    await saveModule({ release: "now" });
    expect((await lessonPage("further", other)).data).toMatchObject({ locked: false });
  });
});
