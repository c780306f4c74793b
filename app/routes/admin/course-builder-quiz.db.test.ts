import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import type { QuizFormInput, QuizFormOutput } from "~/lib/quiz-form";
import { updateLesson } from "~/server/curriculum/lessons.server";
import { courses, lessons, quizQuestions, quizzes, users } from "~/server/db/schema";
import * as builder from "./course-builder";

/** The builder's Edit Lesson dialog as a Quiz (docs/decisions/024): saving, and bad input refused by the field. */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
let courseId = "";

type ActionResult = { data: { toast?: { kind: string; message: string }; errors?: Record<string, string[]> }; init: ResponseInit | null };

const act = async (form: Record<string, string>) =>
  (await callAction(builder, {
    path: `/admin/courses/builder/${courseId}`,
    params: { id: courseId },
    user: admin,
    form,
  })) as unknown as ActionResult;

const question = (fields: Partial<QuizFormInput["questions"][number]> = {}) => ({
  kind: "single" as const,
  prompt: "Which one?",
  options: ["A", "B"],
  correct: [0],
  explanation: "",
  ...fields,
});
const quizOf = (fields: Partial<QuizFormInput> = {}) =>
  JSON.stringify({ passPercent: "80", maxAttempts: "3", shuffle: true, questions: [question()], ...fields });

async function newLesson() {
  const [lesson] = await database()
    .db.insert(lessons)
    .values({ courseId, title: "Check", slug: unique("check"), orderIndex: 1 })
    .returning({ id: lessons.id, slug: lessons.slug });
  const form = (extra: Record<string, string>) => ({
    intent: "update-lesson",
    lessonId: lesson.id,
    title: "Check your understanding",
    slug: lesson.slug,
    type: "quiz",
    summary: "",
    contentMd: "",
    videoProvider: "youtube",
    videoUrl: "",
    videoStoragePath: "",
    embedCode: "",
    durationSeconds: "0",
    moduleId: "",
    ...extra,
  });
  return { id: lesson.id, form };
}

const savedQuestions = (lessonId: string) =>
  database().db.select().from(quizQuestions).where(eq(quizQuestions.lessonId, lessonId)).orderBy(quizQuestions.position);

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  [{ id: courseId }] = await database()
    .db.insert(courses)
    .values({ title: "Quiz builder", slug: unique("quiz-builder") })
    .returning({ id: courses.id });
});

describe("saving a quiz lesson", () => {
  it("saves the rules and the questions in order, keeps their ids through reorders and deletes, and the builder loads them", async () => {
    const lesson = await newLesson();
    const first = await act(
      lesson.form({
        quiz: quizOf({
          questions: [
            question({ prompt: "One", explanation: "Because." }),
            question({ kind: "multiple", prompt: "Two", options: ["A", "B", "C"], correct: [0, 2] }),
            question({ kind: "true_false", prompt: "Three", options: [], correct: [1] }),
          ],
        }),
      }),
    );
    expect(first.data.toast).toMatchObject({ kind: "success", message: "Lesson updated" });
    const [rules] = await database().db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id));
    expect(rules).toMatchObject({ passPercent: 80, maxAttempts: 3, shuffleQuestions: true });
    const saved = await savedQuestions(lesson.id);
    expect(
      saved.map(({ prompt, kind, options, correctOptions, position }) => ({ prompt, kind, options, correctOptions, position })),
    ).toEqual([
      { prompt: "One", kind: "single", options: ["A", "B"], correctOptions: [0], position: 1 },
      { prompt: "Two", kind: "multiple", options: ["A", "B", "C"], correctOptions: [0, 2], position: 2 },
      { prompt: "Three", kind: "true_false", options: ["True", "False"], correctOptions: [1], position: 3 },
    ]);

    const loaded = (await callLoader(builder, { path: `/admin/courses/builder/${courseId}`, params: { id: courseId }, user: admin })) as {
      quizzes: Record<string, { questions: { id: string; prompt: string }[] }>;
    };
    expect(loaded.quizzes[lesson.id].questions.map((row) => row.prompt)).toEqual(["One", "Two", "Three"]);

    // Move "Three" first, delete "One", unlimited attempts.
    const [one, two, three] = saved;
    await act(
      lesson.form({
        quiz: quizOf({
          maxAttempts: "",
          questions: [
            question({ id: three.id, kind: "true_false", prompt: "Three", options: [], correct: [0] }),
            question({ id: two.id, kind: "multiple", prompt: "Two", options: ["A", "B", "C"], correct: [1] }),
          ],
        }),
      }),
    );
    const after = await savedQuestions(lesson.id);
    expect(after.map((row) => [row.id, row.position, row.correctOptions])).toEqual([
      [three.id, 1, [0]],
      [two.id, 2, [1]],
    ]);
    expect(after.some((row) => row.id === one.id)).toBe(false);
    const [unlimited] = await database().db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id));
    expect(unlimited.maxAttempts).toBeNull();
  });
});

describe("bad input is refused by the field, and nothing is saved", () => {
  it.each([
    ["no quiz at all", {}, { "quiz.questions": ["Add at least one question"] }],
    ["a quiz without a question", { quiz: quizOf({ questions: [] }) }, { "quiz.questions": ["Add at least one question"] }],
    [
      "a question without a correct answer",
      { quiz: quizOf({ questions: [question(), question({ correct: [] })] }) },
      { "quiz.questions.1.correct": ["Mark the correct answer"] },
    ],
    [
      "a single-choice question with two correct answers",
      { quiz: quizOf({ questions: [question({ correct: [0, 1] })] }) },
      { "quiz.questions.0.correct": ["A single-choice question has exactly one correct answer"] },
    ],
    ["a pass mark over 100", { quiz: quizOf({ passPercent: "101" }) }, { "quiz.passPercent": ["Enter a pass mark from 0 to 100"] }],
    ["a pass mark below 0", { quiz: quizOf({ passPercent: "-1" }) }, { "quiz.passPercent": ["Enter a pass mark from 0 to 100"] }],
    [
      "a pass mark that is not a number",
      { quiz: quizOf({ passPercent: "half" }) },
      { "quiz.passPercent": ["Enter a pass mark from 0 to 100"] },
    ],
    [
      "no attempts allowed",
      { quiz: quizOf({ maxAttempts: "0" }) },
      { "quiz.maxAttempts": [expect.stringContaining("Enter a number of attempts")] },
    ],
    [
      "a question without its text",
      { quiz: quizOf({ questions: [question({ prompt: "  " })] }) },
      { "quiz.questions.0.prompt": ["Enter the question"] },
    ],
    [
      "an empty option",
      { quiz: quizOf({ questions: [question({ options: ["A", ""] })] }) },
      { "quiz.questions.0.options.1": ["Fill in this option or remove it"] },
    ],
    [
      "one option only",
      { quiz: quizOf({ questions: [question({ options: ["A"] })] }) },
      { "quiz.questions.0.options": ["Give at least two options"] },
    ],
    ["a quiz that is not JSON", { quiz: "{" }, { quiz: ["The quiz could not be read; reload the page and try again"] }],
  ])("%s", async (_name, extra, errors) => {
    const lesson = await newLesson();
    const result = await act(lesson.form(extra as Record<string, string>));
    expect(result.init?.status).toBe(400);
    expect(result.data.toast).toMatchObject({ kind: "error", message: "Failed to update lesson" });
    expect(result.data.errors).toEqual(errors);
    const [row] = await database().db.select({ title: lessons.title, type: lessons.type }).from(lessons).where(eq(lessons.id, lesson.id));
    expect(row).toEqual({ title: "Check", type: "video" });
    expect(await database().db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id))).toEqual([]);
  });

  it("a failure while saving the questions undoes the lesson's own changes (one transaction)", async () => {
    const lesson = await newLesson();
    const broken = {
      passPercent: 50,
      maxAttempts: null,
      shuffle: false,
      questions: [{ kind: "essay", prompt: "Refused by the database's check", options: ["A", "B"], correct: [0], explanation: "" }],
    } as unknown as QuizFormOutput;
    await expect(
      updateLesson({
        courseId,
        lessonId: lesson.id,
        quiz: broken,
        input: {
          title: "Half saved?",
          slug: unique("half"),
          type: "quiz",
          summary: "",
          contentMd: "",
          videoProvider: "youtube",
          videoUrl: null,
          videoStoragePath: null,
          embedCode: null,
          durationSeconds: 0,
          isPreview: false,
        },
      }),
    ).rejects.toThrow();
    const [row] = await database().db.select({ title: lessons.title, type: lessons.type }).from(lessons).where(eq(lessons.id, lesson.id));
    expect(row).toEqual({ title: "Check", type: "video" });
    expect(await database().db.select().from(quizzes).where(eq(quizzes.lessonId, lesson.id))).toEqual([]);
  });
});
