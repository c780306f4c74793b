import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction, callLoader, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique } from "../../../tests/support/test-database";
import { lessonProgress, lessons, users } from "~/server/db/schema";
import * as builder from "./course-builder";
import * as courseEdit from "./course-edit";
import * as courseNew from "./course-new";
import { useCourseEditorFixtures, type Answer } from "../../../tests/support/course-editor-fixtures";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const { db, admin, submit, courseBySlug, lessonsOf, newCourseForm } = useCourseEditorFixtures();

describe("Edit Course", () => {
  async function createdCourse(lessonTitles: string[] = ["One", "Two"]) {
    const title = `Editable ${unique("e")}`;
    const form: Record<string, string> = newCourseForm(title, { intent: "draft" });
    lessonTitles.forEach((lessonTitle, index) => (form[`lessons.${index}.title`] = lessonTitle));
    await submit(courseNew, "/admin/courses/new", form);
    return courseBySlug(title.toLowerCase().replace(/ /g, "-"));
  }

  it("loads the form's values and the flat lessons with their ids", async () => {
    const course = await createdCourse();
    const [one, two] = await lessonsOf(course.id);
    const loaded = await callLoader(courseEdit, { path: `/admin/courses/${course.id}/edit`, params: { id: course.id }, user: admin });
    expect(loaded.course).toMatchObject({ id: course.id, status: "draft", moduleLessonCount: 0 });
    expect(loaded.course.values).toMatchObject({
      title: course.title,
      shortDescription: "Learn it in a weekend.",
      price: "49.00",
      level: "Intermediate",
      topics: ["Automation"],
      outcomes: "Build a flow\nShip it",
      isFeatured: false,
      lessons: [
        { key: one.id, id: one.id, title: "One", contentMd: "" },
        { key: two.id, id: two.id, title: "Two", contentMd: "" },
      ],
    });
  });

  it("saves changes in place: a renamed lesson keeps its id, a removed one goes, order is renumbered from 1", async () => {
    const course = await createdCourse(["One", "Two", "Three"]);
    const [one, two, three] = await lessonsOf(course.id);
    const response = (await submit(
      courseEdit,
      `/admin/courses/${course.id}/edit`,
      {
        ...newCourseForm(course.title, { slug: course.slug }),
        revision: String(course.revision),
        "removedLessons.0": two.id,
        "lessons.0.id": three.id,
        "lessons.0.title": "Three",
        "lessons.1.id": one.id,
        "lessons.1.title": "One, renamed",
        "lessons.2.id": "",
        "lessons.2.title": "Four",
      },
      { id: course.id },
    )) as Response;
    expect(await toastAfter(response)).toMatchObject({ message: "Course published successfully" });
    const after = await lessonsOf(course.id);
    expect(after.map((lesson) => [lesson.title, lesson.orderIndex])).toEqual([
      ["Three", 1],
      ["One, renamed", 2],
      ["Four", 3],
    ]);
    expect(after.slice(0, 2).map((lesson) => lesson.id)).toEqual([three.id, one.id]);
  });

  it("refuses a save whose lessons were changed elsewhere with 'Failed to save course', and writes nothing", async () => {
    const course = await createdCourse(["One"]);
    const [one] = await lessonsOf(course.id);
    await db().delete(lessons).where(eq(lessons.id, one.id));
    const answer = (await submit(
      courseEdit,
      `/admin/courses/${course.id}/edit`,
      {
        ...newCourseForm("Changed title", { slug: course.slug }),
        revision: String(course.revision),
        "lessons.0.id": one.id,
        "lessons.0.title": "One",
      },
      { id: course.id },
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.toast).toMatchObject({
      kind: "error",
      message: "Failed to save course",
      description: expect.stringContaining("Reload the page"),
    });
    expect((await courseBySlug(course.slug)).title).toBe(course.title);
  });

  /** The Edit Course form as the page sends it for `loaded` (the loader's answer), with `changes` on top. */
  function editForm(loaded: Awaited<ReturnType<typeof loadEdit>>, changes: Record<string, string> = {}) {
    const { values } = loaded.course;
    const form: Record<string, string> = {
      ...newCourseForm(values.title, { slug: values.slug, intent: "draft" }),
      revision: String(loaded.course.revision),
    };
    values.lessons.forEach((lesson, index) => {
      form[`lessons.${index}.id`] = lesson.id;
      form[`lessons.${index}.title`] = lesson.title;
      form[`lessons.${index}.contentMd`] = lesson.contentMd;
    });
    return { ...form, ...changes };
  }

  function loadEdit(courseId: string) {
    return callLoader(courseEdit, { path: `/admin/courses/${courseId}/edit`, params: { id: courseId }, user: admin });
  }

  it("refuses a stale form after the builder added a lesson: nothing is lost, learners' progress stays, what was typed comes back", async () => {
    const course = await createdCourse(["One", "Two"]);
    const opened = await loadEdit(course.id);

    // Meanwhile another admin adds a flat lesson in the builder, and a learner completes it.
    const added = (await callAction(builder, {
      path: `/admin/courses/builder/${course.id}`,
      params: { id: course.id },
      user: admin,
      form: { intent: "add-lesson", moduleId: "" },
    })) as unknown as { data: { result: { id: string } } };
    const addedId = added.data.result.id;
    const learner = unique("learner");
    await db()
      .insert(users)
      .values({ id: learner, email: `${learner}@example.test`, name: "Lee Learner" });
    await db().insert(lessonProgress).values({ userId: learner, lessonId: addedId, completedAt: new Date(), positionSeconds: 0 });

    const answer = (await submit(
      courseEdit,
      `/admin/courses/${course.id}/edit`,
      editForm(opened, { title: "Typed in the stale form", "lessons.1.title": "Two, renamed" }),
      { id: course.id },
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.toast).toMatchObject({
      kind: "error",
      message: "This course changed since you opened it",
      description: expect.stringContaining("Reload the page"),
    });
    expect(answer.data.values).toMatchObject({ title: "Typed in the stale form", lessons: [{ title: "One" }, { title: "Two, renamed" }] });

    expect((await courseBySlug(course.slug)).title).toBe(course.title);
    expect((await lessonsOf(course.id)).map((lesson) => lesson.title)).toEqual(["One", "Two", "New Lesson"]);
    const progress = await db().select().from(lessonProgress).where(eq(lessonProgress.lessonId, addedId));
    expect(progress).toEqual([expect.objectContaining({ userId: learner })]);
  });

  it("refuses a form saved twice: the first save changed the course the second was opened on", async () => {
    const course = await createdCourse(["One"]);
    const opened = await loadEdit(course.id);
    const first = (await submit(courseEdit, `/admin/courses/${course.id}/edit`, editForm(opened, { title: "First" }), {
      id: course.id,
    })) as Response;
    expect(first.status).toBe(302);
    const second = (await submit(courseEdit, `/admin/courses/${course.id}/edit`, editForm(opened, { title: "Second" }), {
      id: course.id,
    })) as unknown as Answer;
    expect(second.init?.status).toBe(409);
    expect((await courseBySlug(course.slug)).title).toBe("First");
  });

  it("deletes a lesson the form explicitly removed, and only that one", async () => {
    const course = await createdCourse(["One", "Two", "Three"]);
    const opened = await loadEdit(course.id);
    const [one, two, three] = await lessonsOf(course.id);
    const form = editForm(opened);
    // The page's form after "Remove" on lesson 2: rows One and Three, and Two named as removed.
    for (const field of ["id", "title", "contentMd"]) delete form[`lessons.2.${field}`];
    Object.assign(form, { "lessons.1.id": three.id, "lessons.1.title": "Three", "removedLessons.0": two.id });
    const response = (await submit(courseEdit, `/admin/courses/${course.id}/edit`, form, { id: course.id })) as Response;
    expect(response.status).toBe(302);
    expect((await lessonsOf(course.id)).map((lesson) => [lesson.id, lesson.orderIndex])).toEqual([
      [one.id, 1],
      [three.id, 2],
    ]);
  });

  it("keeps a flat lesson the form neither names nor removes, after the ones it names", async () => {
    const course = await createdCourse(["One", "Two"]);
    const opened = await loadEdit(course.id);
    const [one, two] = await lessonsOf(course.id);
    const form = editForm(opened);
    for (const field of ["id", "title", "contentMd"]) delete form[`lessons.0.${field}`];
    const response = (await submit(courseEdit, `/admin/courses/${course.id}/edit`, form, { id: course.id })) as Response;
    expect(response.status).toBe(302);
    expect((await lessonsOf(course.id)).map((lesson) => [lesson.id, lesson.orderIndex])).toEqual([
      [two.id, 1],
      [one.id, 2],
    ]);
  });

  it("deletes the course with its lessons and goes to the list with 'Course deleted successfully'", async () => {
    const course = await createdCourse(["One"]);
    const response = (await submit(courseEdit, `/admin/courses/${course.id}/edit`, { intent: "delete" }, { id: course.id })) as Response;
    expect(response.headers.get("Location")).toBe("/admin/courses");
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Course deleted successfully" });
    expect(await courseBySlug(course.slug)).toBeUndefined();
    expect(await lessonsOf(course.id)).toEqual([]);
  });

  it("answers 'Course not found' (404) for an unknown id, and saving one says so", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const thrown = await thrownResponse(callLoader(courseEdit, { path: `/admin/courses/${id}/edit`, params: { id }, user: admin }));
      expect(thrown).toMatchObject({ status: 404, data: { message: "Course not found" } });
    }
    const id = crypto.randomUUID();
    const answer = (await submit(courseEdit, `/admin/courses/${id}/edit`, newCourseForm("Ghost"), { id })) as unknown as Answer;
    expect(answer.init?.status).toBe(404);
    expect(answer.data.toast.message).toBe("Course not found");
  });

  it("returns to the list with 'Failed to fetch course' when the course cannot be read", async () => {
    expectErrorLogs(/course load failed/);
    const course = await createdCourse([]);
    await db().execute(sql`alter table courses rename column long_description_md to long_description_gone`);
    try {
      const thrown = await thrownResponse(
        callLoader(courseEdit, { path: `/admin/courses/${course.id}/edit`, params: { id: course.id }, user: admin }),
      );
      expect(thrown).toMatchObject({ status: 302, location: "/admin/courses" });
      expect(await toastAfter(new Response(null, { headers: thrown.headers }))).toMatchObject({
        kind: "error",
        message: "Failed to fetch course",
      });
    } finally {
      await db().execute(sql`alter table courses rename column long_description_gone to long_description_md`);
    }
  });
});
