import { describe, expect, it } from "vitest";
import { callLoader } from "../../../tests/support/route-harness";
import { unique } from "../../../tests/support/test-database";
import * as courseList from "./courses";
import * as courseNew from "./course-new";
import { useCourseEditorFixtures, type Answer } from "../../../tests/support/course-editor-fixtures";

const { admin, submit, courseBySlug, newCourseForm } = useCourseEditorFixtures();

describe("the course list", () => {
  async function draftCourse() {
    const title = `Listed ${unique("l")}`;
    await submit(courseNew, "/admin/courses/new", newCourseForm(title, { intent: "draft", price: "12.5" }));
    return courseBySlug(title.toLowerCase().replace(/ /g, "-"));
  }

  it("lists and searches courses with their status, price and lesson count", async () => {
    const course = await draftCourse();
    const loaded = await callLoader(courseList, { path: `/admin/courses?q=${encodeURIComponent(course.title)}`, user: admin });
    expect(loaded).toMatchObject({ filters: { q: course.title }, total: 1, error: null });
    expect(loaded.rows).toEqual([
      {
        id: course.id,
        title: course.title,
        slug: course.slug,
        status: "draft",
        price: "$12.50",
        level: "Intermediate",
        isFeatured: false,
        lessonCount: 0,
        updated: expect.any(String),
      },
    ]);
  });

  it("publishes, unpublishes and deletes with the spec's toasts", async () => {
    const course = await draftCourse();
    const path = "/admin/courses";
    const publish = (await submit(courseList, path, { intent: "publish", id: course.id })) as unknown as Answer;
    expect(publish.data.toast).toMatchObject({ kind: "success", message: "Course published successfully" });
    expect((await courseBySlug(course.slug)).status).toBe("published");
    const unpublish = (await submit(courseList, path, { intent: "unpublish", id: course.id })) as unknown as Answer;
    expect(unpublish.data.toast.message).toBe("Course unpublished successfully");
    expect((await courseBySlug(course.slug)).status).toBe("draft");
    const remove = (await submit(courseList, path, { intent: "delete", id: course.id })) as unknown as Answer;
    expect(remove.data.toast.message).toBe("Course deleted successfully");
    expect(await courseBySlug(course.slug)).toBeUndefined();
  });

  it("answers a missing course with the spec's failure messages and 404", async () => {
    const id = crypto.randomUUID();
    const status = (await submit(courseList, "/admin/courses", { intent: "publish", id })) as unknown as Answer;
    expect(status.init?.status).toBe(404);
    expect(status.data.toast).toMatchObject({ kind: "error", message: "Failed to update course status" });
    const remove = (await submit(courseList, "/admin/courses", { intent: "delete", id })) as unknown as Answer;
    expect(remove.data.toast).toMatchObject({ kind: "error", message: "Failed to delete course" });
  });

  it("refuses an unknown intent with 400", async () => {
    const answer = (await submit(courseList, "/admin/courses", { intent: "archive", id: crypto.randomUUID() })) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
  });
});
