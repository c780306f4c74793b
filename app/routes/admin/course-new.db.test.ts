import { describe, expect, it } from "vitest";
import { toastAfter } from "../../../tests/support/route-harness";
import { unique } from "../../../tests/support/test-database";
import { courses } from "~/server/db/schema";
import * as courseNew from "./course-new";
import { useCourseEditorFixtures, type Answer } from "../../../tests/support/course-editor-fixtures";

const { db, admin, submit, courseBySlug, lessonsOf, newCourseForm } = useCourseEditorFixtures();

describe("New Course", () => {
  it("publishes a course with its lessons and goes to the list with 'Course published successfully'", async () => {
    const title = `Automate Orders ${unique("a")}`;
    const response = (await submit(
      courseNew,
      "/admin/courses/new",
      newCourseForm(title, {
        "lessons.0.id": "",
        "lessons.0.title": "Welcome",
        "lessons.0.contentMd": "",
        "lessons.1.id": "",
        "lessons.1.title": "First flow",
        "lessons.1.contentMd": "Steps…",
        isFeatured: "on",
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/courses");
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Course published successfully" });

    const course = await courseBySlug(title.toLowerCase().replace(/ /g, "-"));
    expect(course).toMatchObject({
      title,
      subtitle: "Learn it in a weekend.",
      priceCents: 4900,
      level: "Intermediate",
      topics: ["Automation"],
      track: "Automation Track",
      outcomes: ["Build a flow", "Ship it"],
      isFeatured: true,
      status: "published",
      authorId: admin.id,
    });
    expect(course.publishedAt).toBeInstanceOf(Date);
    expect((await lessonsOf(course.id)).map((lesson) => [lesson.title, lesson.orderIndex])).toEqual([
      ["Welcome", 1],
      ["First flow", 2],
    ]);
  });

  it("saves a draft with 'Course saved as draft successfully' and no published_at", async () => {
    const title = `Draft ${unique("d")}`;
    const response = (await submit(courseNew, "/admin/courses/new", newCourseForm(title, { intent: "draft" }))) as Response;
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Course saved as draft successfully" });
    expect(await courseBySlug(title.toLowerCase().replace(/ /g, "-"))).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("stores a price in USD as rounded cents: 12.345 → 1235", async () => {
    const title = `Priced ${unique("p")}`;
    await submit(courseNew, "/admin/courses/new", newCourseForm(title, { price: "12.345" }));
    expect((await courseBySlug(title.toLowerCase().replace(/ /g, "-"))).priceCents).toBe(1235);
  });

  it("refuses a course without a title or short description, saves nothing, and keeps what was typed", async () => {
    const before = await db().$count(courses);
    const answer = (await submit(
      courseNew,
      "/admin/courses/new",
      newCourseForm("", { shortDescription: "  ", "lessons.0.title": "Kept lesson", "topics.shopify": "Shopify", price: "19.99" }),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.toast).toMatchObject({ kind: "error", message: "Title and short description are required" });
    expect(answer.data.errors).toMatchObject({
      title: ["Title and short description are required"],
      shortDescription: ["Title and short description are required"],
    });
    expect(answer.data.values).toMatchObject({
      title: "",
      price: "19.99",
      lessons: [{ title: "Kept lesson" }],
      // In the order the form sent them (a browser sends the checkboxes in the owner's order).
      topics: ["Automation", "Shopify"],
    });
    expect(await db().$count(courses)).toBe(before);
  });

  it("refuses a lesson row without a title, naming that row", async () => {
    const before = await db().$count(courses);
    const answer = (await submit(
      courseNew,
      "/admin/courses/new",
      newCourseForm(`Lessons ${unique("l")}`, { "lessons.0.title": "Fine", "lessons.1.title": "   " }),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({ "lessons.1.title": ["Every lesson needs a title"] });
    expect(await db().$count(courses)).toBe(before);
  });

  it("refuses a negative or non-numeric price with a message under the field", async () => {
    for (const [price, message] of [
      ["-1", "Price cannot be negative"],
      ["ten", "Price must be a number"],
    ]) {
      const answer = (await submit(
        courseNew,
        "/admin/courses/new",
        newCourseForm(`Bad price ${unique("b")}`, { price }),
      )) as unknown as Answer;
      expect(answer.init?.status).toBe(400);
      expect(answer.data.errors).toEqual({ price: [message] });
    }
  });
});
