import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { signInNewUser } from "../../../tests/support/sign-in";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { quizSchema } from "~/lib/quiz-form";
import { db } from "~/server/db/client.server";
import { courses, enrollments, lessonProgress, lessons, quizAttempts } from "~/server/db/schema";
import { findQuizForLearner } from "~/server/quizzes/quiz-attempts.server";
import { saveQuiz } from "~/server/quizzes/quiz-editor.server";

/**
 * A quiz lesson over HTTP, against server.ts with the real route modules (docs/decisions/024):
 * before a submission the page's HTML and its `.data` carry the questions and options only.
 */

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;
const learner = { id: "", cookie: "" };
const course = { id: "", slug: "" };
const quiz = { slug: "", previewSlug: "", id: "", questionIds: [] as string[] };
const EXPLANATION = unique("EXPLANATION");

async function addQuizLesson(isPreview: boolean, orderIndex: number) {
  const slug = unique("quiz");
  const [lesson] = await database()
    .db.insert(lessons)
    .values({ courseId: course.id, title: `Quiz ${slug}`, slug, type: "quiz", orderIndex, isPreview })
    .returning({ id: lessons.id });
  const parsed = quizSchema.parse({
    passPercent: "100",
    maxAttempts: "2",
    questions: [
      {
        kind: "single",
        prompt: "Which planet is red?",
        options: ["Venus", "Mars", "Jupiter"],
        correct: [1],
        explanation: `${EXPLANATION} Iron oxide.`,
      },
      { kind: "multiple", prompt: "Which are prime?", options: ["Four", "Five", "Seven"], correct: [1, 2], explanation: "" },
      {
        kind: "true_false",
        prompt: "Water boils at 50°C at sea level",
        options: [],
        correct: [1],
        explanation: `${EXPLANATION} It is 100°C.`,
      },
    ],
  });
  await db().transaction((tx) => saveQuiz(tx, { lessonId: lesson.id, quiz: parsed }));
  return { id: lesson.id, slug };
}

beforeAll(async () => {
  app = await startAppServer({ routes: (file) => file.startsWith("routes/learn/") || file === "routes/site-layout.tsx" });
  Object.assign(learner, await signInNewUser(database().db, "user"));
  course.slug = unique("quiz-course");
  [{ id: course.id }] = await database()
    .db.insert(courses)
    .values({ title: "Quiz course", slug: course.slug, status: "published" })
    .returning({ id: courses.id });
  await database().db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: "admin", status: "active" });
  const paid = await addQuizLesson(false, 1);
  quiz.id = paid.id;
  quiz.slug = paid.slug;
  quiz.previewSlug = (await addQuizLesson(true, 2)).slug;
  quiz.questionIds = (await findQuizForLearner({ lessonId: quiz.id, userId: null }))!.questions.map((question) => question.id);
}, 60_000);

afterAll(() => app?.close());

const page = (slug: string) => `/courses/${course.slug}/lessons/${slug}`;
const get = (path: string, cookie = learner.cookie) =>
  fetch(`${app.base}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
const submit = (answers: [string, string][]) =>
  fetch(`${app.base}${page(quiz.slug)}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams([["intent", "submit-quiz"], ...answers]),
    headers: { cookie: learner.cookie, origin: app.base, "sec-fetch-site": "same-origin" },
  });

/** What would give an answer away: the stored correct options (under any name) and the explanations. */
function expectNoAnswers(body: string, where: string) {
  expect(body, where).not.toContain(EXPLANATION);
  expect(body, where).not.toMatch(/correct_?options/i);
  expect(body, where).not.toMatch(/"correct"/);
  expect(body, where).not.toContain("explanation");
}

describe("a quiz lesson page before a submission", () => {
  it("carries the questions and options, and no answers, in its HTML and its .data, for a learner and for a visitor", async () => {
    for (const [path, cookie] of [
      [page(quiz.slug), learner.cookie],
      [page(quiz.previewSlug), ""],
    ] as const) {
      const html = await get(path, cookie);
      expect(html.status).toBe(200);
      const text = await html.text();
      for (const shown of [
        "Which planet is red?",
        "Mars",
        "Jupiter",
        "Which are prime?",
        "Seven",
        "Water boils at 50°C at sea level",
        "True",
        "False",
      ]) {
        expect(text, path).toContain(shown);
      }
      expectNoAnswers(text, `${path} HTML`);
      const data = await get(`${path}.data`, cookie);
      expect(data.status).toBe(200);
      const dataText = await data.text();
      expect(dataText).toContain("Which planet is red?");
      expectNoAnswers(dataText, `${path}.data`);
    }
    expect(await (await get(page(quiz.previewSlug), "")).text()).toContain("to take this quiz");
    expect(await (await get(page(quiz.slug))).text()).toContain("2 of 2 attempts left");
  });
});

describe("submitting the form (no JavaScript)", () => {
  it("grades on the server, shows the result with explanations, then lets a pass complete the lesson", async () => {
    const [planet, primes, water] = quiz.questionIds;
    const failed = await submit([
      [`answer.${planet}`, "1"],
      [`answer.${primes}`, "1"],
      [`answer.${water}`, "0"],
    ]);
    expect(failed.status).toBe(302);
    expect(failed.headers.get("location")).toBe(page(quiz.slug));
    const afterFail = await (await get(page(quiz.slug))).text();
    expect(afterFail).toContain("Your result: 33%");
    expect(afterFail).toContain("Not passed");
    expect(afterFail).toContain(`${EXPLANATION} Iron oxide.`);
    expect(afterFail).toContain("1 of 2 attempts left");

    const passed = await submit([
      [`answer.${planet}`, "1"],
      [`answer.${primes}`, "1"],
      [`answer.${primes}`, "2"],
      [`answer.${water}`, "1"],
    ]);
    expect(passed.status).toBe(302);
    const afterPass = await (await get(page(quiz.slug))).text();
    expect(afterPass).toContain("Your result: 100%");
    expect(afterPass).toContain("Passed");
    expect(afterPass).not.toContain("Submit answers");
    const [progress] = await database()
      .db.select({ completedAt: lessonProgress.completedAt })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, quiz.id)));
    expect(progress.completedAt).toBeInstanceOf(Date);

    const again = await submit([[`answer.${planet}`, "1"]]);
    expect(again.status).toBe(409);
  });
});

describe("who may submit, over HTTP (the one access rule)", () => {
  it("sends a visitor to sign in and refuses a learner without access, recording nothing", async () => {
    const post = (cookie: string) =>
      fetch(`${app.base}${page(quiz.slug)}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams([
          ["intent", "submit-quiz"],
          [`answer.${quiz.questionIds[0]}`, "1"],
        ]),
        headers: { ...(cookie ? { cookie } : {}), origin: app.base, "sec-fetch-site": "same-origin" },
      });
    const visitor = await post("");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?next=/);
    const outsider = await signInNewUser(database().db, "user");
    expect((await post(outsider.cookie)).status).toBe(403);
    const attempts = await database().db.select().from(quizAttempts).where(eq(quizAttempts.userId, outsider.id));
    expect(attempts).toEqual([]);
  });
});
