import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as courseDetail from "./course-detail";
import * as courseRedirect from "./course-redirect";
import * as catalog from "./catalog";
import type { SessionUser } from "~/server/auth/session.server";
import { courses, enrollments, lessonProgress, lessons, reviews, subscriptions, users } from "~/server/db/schema";
import { and, eq } from "drizzle-orm";
import { setReviewHidden } from "~/server/courses/reviews.server";
import { isCourseSaved } from "~/server/courses/saved-courses.server";
import { markLessonComplete } from "~/server/learning/progress.server";

const database = useTestDatabase();

const learner = sessionUser({ role: "user" });
const enrolled = sessionUser({ role: "user" });
const admin = sessionUser({ role: "super_admin" });
const slugs = { published: unique("published"), draft: unique("draft") };
let publishedId = "";

/** The route's :slug is the path's last segment. */
const call = (path: string, user: SessionUser | null) => ({ path, user, params: { slug: path.split("?")[0].split("/").pop()! } });

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values([learner, enrolled, admin].map(({ id, email, name, role }) => ({ id, email, name, role })));
  const [published] = await db
    .insert(courses)
    .values([
      {
        title: "Published course",
        slug: slugs.published,
        subtitle: "Short",
        longDescriptionMd: "Hello **world**\n\n<script>alert(1)</script>",
        status: "published",
        publishedAt: new Date(),
        priceCents: 19700,
        authorId: admin.id,
      },
      { title: "Draft course", slug: slugs.draft, status: "draft" },
    ])
    .returning({ id: courses.id });
  publishedId = published.id;
  await db
    .insert(lessons)
    .values({ courseId: published.id, title: "Intro", slug: "intro", orderIndex: 1, isPreview: true, durationSeconds: 300 });
  await db.insert(enrollments).values({ userId: enrolled.id, courseId: published.id, source: "purchase" });
});

describe("course detail loader", () => {
  it("shows a published course to a visitor, with the description rendered safely", async () => {
    const result = await callLoader(courseDetail, call(`/courses/${slugs.published}`, null));
    expect(result).toMatchObject({
      isDraft: false,
      hasAccess: false,
      saved: false,
      signedIn: false,
      course: { id: publishedId, title: "Published course", priceCents: 19700 },
    });
    expect(result.descriptionHtml).toContain("<strong>world</strong>");
    expect(result.descriptionHtml).not.toContain("<script");
    expect(JSON.parse(result.jsonLd)).toMatchObject({
      "@type": "Course",
      name: "Published course",
      offers: { price: "197.00", priceCurrency: "USD" },
    });
    expect(result.course).not.toHaveProperty("longDescriptionMd");
  });

  it("gives a learner with an active enrollment access, and nobody else", async () => {
    expect((await callLoader(courseDetail, call(`/courses/${slugs.published}`, enrolled))).hasAccess).toBe(true);
    expect((await callLoader(courseDetail, call(`/courses/${slugs.published}`, learner))).hasAccess).toBe(false);
  });

  it("asks the lesson access rule: members and admins open every lesson, others the free previews; 'Continue learning' goes to a lesson page", async () => {
    const member = sessionUser({ role: "user" });
    await database().db.insert(users).values({ id: member.id, email: member.email, name: member.name, role: "user" });
    await database()
      .db.insert(subscriptions)
      .values({
        userId: member.id,
        plan: "monthly",
        status: "active",
        provider: "test",
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
    const [paid] = await database()
      .db.insert(lessons)
      .values({ courseId: publishedId, title: "Paid", slug: unique("paid"), orderIndex: 2, isPreview: false })
      .returning({ slug: lessons.slug });
    const lessonsOf = (result: Awaited<ReturnType<typeof courseDetail.loader>>) =>
      result.course.curriculum.flatMap((module) => module.lessons.map((lesson) => [lesson.slug, lesson.open]));
    for (const user of [member, admin, enrolled]) {
      const result = await callLoader(courseDetail, call(`/courses/${slugs.published}`, user));
      expect(result).toMatchObject({ hasAccess: true, continuePath: `/courses/${slugs.published}/lessons/intro` });
      expect(lessonsOf(result)).toEqual([
        ["intro", true],
        [paid.slug, true],
      ]);
    }
    for (const user of [learner, null]) {
      const result = await callLoader(courseDetail, call(`/courses/${slugs.published}`, user));
      expect(result).toMatchObject({ hasAccess: false, continuePath: null });
      expect(lessonsOf(result)).toEqual([
        ["intro", true],
        [paid.slug, false],
      ]);
    }
  });

  it("a finished course (every lesson done) offers the certificate and a review instead of 'Continue learning'; once reviewed, only the certificate", async () => {
    const db = database().db;
    const finisher = sessionUser({ role: "user" });
    await db.insert(users).values({ id: finisher.id, email: finisher.email, name: finisher.name, role: "user" });
    const [course] = await db
      .insert(courses)
      .values({ title: "Finished course", slug: unique("finished"), status: "published", publishedAt: new Date(), certificatesEnabled: true })
      .returning({ id: courses.id, slug: courses.slug });
    const made = await db
      .insert(lessons)
      .values([1, 2].map((index) => ({ courseId: course!.id, title: `Lesson ${index}`, slug: unique("lesson"), orderIndex: index })))
      .returning({ id: lessons.id });
    await db.insert(enrollments).values({ userId: finisher.id, courseId: course!.id, source: "purchase" });
    const page = () => callLoader(courseDetail, call(`/courses/${course!.slug}`, finisher));

    await markLessonComplete({ user: finisher, lessonId: made[0]!.id });
    expect(await page()).toMatchObject({ finished: false, reviewInvited: false, certificateId: null });

    await markLessonComplete({ user: finisher, lessonId: made[1]!.id });
    const done = await page();
    expect(done).toMatchObject({ finished: true, reviewInvited: true, certificateId: expect.any(String) });

    await db.insert(reviews).values({ userId: finisher.id, courseId: course!.id, rating: 5, authorName: finisher.name });
    expect(await page()).toMatchObject({ finished: true, reviewInvited: false, certificateId: done.certificateId });
  });

  it("answers 404 for an unknown slug and for a draft seen by a visitor or a learner", async () => {
    for (const [slug, user] of [
      ["no-such-course", null],
      [slugs.draft, null],
      [slugs.draft, learner],
    ] as const) {
      expect(await thrownResponse(callLoader(courseDetail, call(`/courses/${slug}`, user)))).toMatchObject({ status: 404 });
    }
  });

  it("lets an admin preview a draft, marked as a draft", async () => {
    const result = await callLoader(courseDetail, call(`/courses/${slugs.draft}`, admin));
    expect(result).toMatchObject({ isDraft: true, course: { title: "Draft course" } });
  });
});

describe("course detail action (Save)", () => {
  const post = (user: SessionUser | null, intent: string, slug = slugs.published) =>
    callAction(courseDetail, { ...call(`/courses/${slug}`, user), form: { intent } });

  it("saves and unsaves for a signed-in user, with the toast that says which", async () => {
    expect(await post(learner, "save")).toMatchObject({ data: { saved: true, toast: { kind: "success", message: "Course saved" } } });
    expect(await isCourseSaved({ userId: learner.id, courseId: publishedId })).toBe(true);
    expect(await post(learner, "unsave")).toMatchObject({ data: { saved: false, toast: { message: "Removed from saved courses" } } });
    expect(await isCourseSaved({ userId: learner.id, courseId: publishedId })).toBe(false);
  });

  it("sends a visitor to sign in and back", async () => {
    const response = await thrownResponse(post(null, "save"));
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/login?next=${encodeURIComponent(`/courses/${slugs.published}`)}`);
  });

  it("refuses an unknown intent and a course the user cannot see", async () => {
    expect(await post(learner, "delete")).toMatchObject({ init: { status: 400 }, data: { errors: { intent: [expect.any(String)] } } });
    expect((await thrownResponse(post(learner, "save", slugs.draft))).status).toBe(404);
  });
});

describe("course detail: learners' reviews (issue 24)", () => {
  const review = (user: SessionUser | null, form: Record<string, string>) =>
    callAction(courseDetail, { ...call(`/courses/${slugs.published}`, user), form: { intent: "review", ...form } });
  const page = (user: SessionUser | null) => callLoader(courseDetail, call(`/courses/${slugs.published}`, user));
  const reviewsOf = async (userId: string) =>
    database()
      .db.select()
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.courseId, publishedId)));

  it("lets a learner review only once they hold the course and finished a lesson, then edit the one review", async () => {
    const writer = sessionUser({ role: "user", name: "Wanda Writer" });
    await database().db.insert(users).values({ id: writer.id, email: writer.email, name: writer.name, role: "user" });

    // Without access: no form on the page, and the action refuses.
    expect((await page(writer)).review).toMatchObject({ access: { allowed: false, reason: "not-enrolled" }, own: null });
    expect(await review(writer, { rating: "5", comment: "Sneaky" })).toMatchObject({
      init: { status: 403 },
      data: { errors: { form: ["Only learners of this course can review it."] }, values: { comment: "Sneaky" } },
    });

    // With access but nothing finished yet: told why.
    await database().db.insert(enrollments).values({ userId: writer.id, courseId: publishedId, source: "purchase" });
    expect((await page(writer)).review).toMatchObject({ access: { allowed: false, reason: "no-completed-lesson" } });
    expect(await review(writer, { rating: "5" })).toMatchObject({
      init: { status: 403 },
      data: { errors: { form: ["Finish a lesson to review this course."] } },
    });
    expect(await reviewsOf(writer.id)).toEqual([]);

    // One lesson completed: the review is posted, then rewritten in place.
    const [intro] = await database()
      .db.select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.courseId, publishedId), eq(lessons.slug, "intro")));
    await database().db.insert(lessonProgress).values({ userId: writer.id, lessonId: intro.id, completedAt: new Date() });
    expect((await page(writer)).review).toEqual({ access: { allowed: true }, own: null });
    expect(await review(writer, { rating: "4", comment: "  Clear and practical.  " })).toMatchObject({
      data: { reviewSaved: true, toast: { kind: "success", message: "Thanks! Your review is posted" } },
    });
    expect(await review(writer, { rating: "5", comment: "Even better the second time <b>round</b>" })).toMatchObject({
      data: { toast: { message: "Your review is updated" } },
    });
    const rows = await reviewsOf(writer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Even better the second time <b>round</b>", authorName: "Wanda Writer" });
    expect((await page(writer)).review).toEqual({
      access: { allowed: true },
      own: { rating: 5, comment: "Even better the second time <b>round</b>", hidden: false },
    });

    // The public figures come from the reviews table, hidden reviews left out.
    const shown = await page(null);
    expect(shown.course).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(shown.course.reviews.map((row) => row.authorName)).toEqual(["Wanda Writer"]);
    expect(JSON.parse(shown.jsonLd).aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    await setReviewHidden({ reviewId: rows[0].id, hidden: true });
    const hidden = await page(null);
    expect(hidden.course).toMatchObject({ rating: null, reviewCount: 0, reviews: [] });
    expect(JSON.parse(hidden.jsonLd)).not.toHaveProperty("aggregateRating");
    expect((await page(writer)).review?.own).toMatchObject({ hidden: true });
  });

  it("refuses a missing or out-of-range rating and an over-long text, keeping what was typed", async () => {
    for (const rating of ["", "0", "6", "3.5", "five"]) {
      expect(await review(enrolled, { rating, comment: "Kept" }), rating).toMatchObject({
        init: { status: 400 },
        data: { errors: { rating: ["Choose a rating from 1 to 5 stars"] }, values: { comment: "Kept" } },
      });
    }
    expect(await review(enrolled, { rating: "3", comment: "x".repeat(2001) })).toMatchObject({
      init: { status: 400 },
      data: { errors: { comment: ["Keep your review under 2,000 characters"] } },
    });
    expect(await reviewsOf(enrolled.id)).toEqual([]);
  });

  it("gives admins no review form and refuses their reviews; sends a visitor to sign in", async () => {
    expect((await page(admin)).review).toMatchObject({ access: { allowed: false, reason: "admin" } });
    expect(await review(admin, { rating: "5" })).toMatchObject({ init: { status: 403 } });
    expect((await page(null)).review).toBeNull();
    expect((await thrownResponse(review(null, { rating: "5" }))).status).toBe(302);
  });
});

describe("catalog loader", () => {
  it("tidies a plain form submission's URL (defaults dropped) with a redirect", async () => {
    const response = await thrownResponse(callLoader(catalog, { path: "/courses?q=&sort=popular&view=grid" }));
    expect(response.status).toBe(302);
    expect(response.location).toBe("/courses");
    const kept = await thrownResponse(callLoader(catalog, { path: "/catalog?sort=newest&q=+published+&level=beginner" }));
    expect(kept.location).toBe("/catalog?q=published&level=beginner&sort=newest");
  });

  it("answers a tidy URL with the matching courses", async () => {
    const result = await callLoader(catalog, { path: "/courses?q=published" });
    expect(result.total).toBe(1);
    expect(result.courses.map((course) => course.slug)).toEqual([slugs.published]);
  });
});

describe("/course/:slug", () => {
  it("redirects permanently to /courses/:slug", async () => {
    const response = await callLoader(courseRedirect, call("/course/shopify-101?ref=card", null));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/courses/shopify-101?ref=card");
  });
});
