import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { quizSchema, type QuizFormInput } from "~/lib/quiz-form";
import { db } from "~/server/db/client.server";
import { courses, enrollments, lessonProgress, lessons, quizAnswers, quizAttempts, users } from "~/server/db/schema";
import { markLessonComplete } from "~/server/learning/progress.server";
import { findQuizForLearner, submitQuizAttempt } from "./quiz-attempts.server";
import { saveQuiz } from "./quiz-editor.server";
import { QuizAlreadyPassedError, QuizNoAttemptsLeftError } from "./quiz-errors.server";

/** Quizzes against the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): grading, attempts, completion. */

const database = useTestDatabase();
let courseId = "";

async function newLearner() {
  const id = unique("learner");
  await database()
    .db.insert(users)
    .values({ id, email: `${id}@example.test`, name: id, role: "user" });
  await database().db.insert(enrollments).values({ userId: id, courseId, source: "admin", status: "active" });
  return { id, role: "user" };
}

/** A quiz lesson saved the way the builder saves it; answers its question ids in order. */
async function newQuiz(quiz: Partial<QuizFormInput> & Pick<QuizFormInput, "questions">) {
  const [lesson] = await database()
    .db.insert(lessons)
    .values({ courseId, title: "Quiz", slug: unique("quiz"), type: "quiz", orderIndex: 1 })
    .returning({ id: lessons.id });
  const parsed = quizSchema.parse({ passPercent: "70", maxAttempts: "", shuffle: false, ...quiz });
  await db().transaction((tx) => saveQuiz(tx, { lessonId: lesson.id, quiz: parsed }));
  const found = await findQuizForLearner({ lessonId: lesson.id, userId: null });
  return { lessonId: lesson.id, questionIds: found!.questions.map((question) => question.id) };
}

const single = { kind: "single" as const, prompt: "Pick B", options: ["A", "B", "C"], correct: [1], explanation: "B is the one." };
const multiple = { kind: "multiple" as const, prompt: "Pick A and C", options: ["A", "B", "C"], correct: [0, 2], explanation: "" };
const trueFalse = { kind: "true_false" as const, prompt: "The sky is green", options: [], correct: [1], explanation: "It is blue." };

beforeAll(async () => {
  [{ id: courseId }] = await database()
    .db.insert(courses)
    .values({ title: "Quiz course", slug: unique("quiz-course"), status: "published" })
    .returning({ id: courses.id });
});

describe("grading (the matrix)", () => {
  const cases: [string, typeof single | typeof multiple | typeof trueFalse, number[], boolean][] = [
    ["single, the right option", single, [1], true],
    ["single, a wrong option", single, [0], false],
    ["single, nothing chosen", single, [], false],
    ["single, the right and a wrong option (a hand-made form)", single, [1, 2], false],
    ["multiple, exactly the right options", multiple, [0, 2], true],
    ["multiple, the right options sent twice", multiple, [2, 0, 2], true],
    ["multiple, only some of the right options", multiple, [0], false],
    ["multiple, the right options and a wrong one", multiple, [0, 1, 2], false],
    ["multiple, nothing chosen", multiple, [], false],
    ["true/false, the right one", trueFalse, [1], true],
    ["true/false, the wrong one", trueFalse, [0], false],
    ["an option that does not exist", single, [7], false],
  ];
  for (const [name, question, chosen, right] of cases) {
    it(name, async () => {
      const learner = await newLearner();
      const quiz = await newQuiz({ passPercent: "100", questions: [question] });
      const result = await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: new Map([[quiz.questionIds[0], chosen]]) });
      expect(result).toMatchObject({ correctCount: right ? 1 : 0, questionCount: 1, scorePercent: right ? 100 : 0, passed: right });
      const [answer] = await database().db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, result.attemptId));
      expect(answer.correct).toBe(right);
    });
  }

  it("passes at the pass mark exactly and not below it (2 of 3 is 66.7%)", async () => {
    for (const [passPercent, passed] of [
      ["66", true],
      ["67", false],
      ["0", true],
      ["100", false],
    ] as const) {
      const learner = await newLearner();
      const quiz = await newQuiz({ passPercent, questions: [single, multiple, trueFalse] });
      const answers = new Map([
        [quiz.questionIds[0], [1]],
        [quiz.questionIds[1], [0, 2]],
        [quiz.questionIds[2], [0]],
      ]);
      const result = await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers });
      expect(result, `pass mark ${passPercent}%`).toMatchObject({ correctCount: 2, questionCount: 3, scorePercent: 67, passed });
    }
  });
});

describe("shuffling", () => {
  const six = Array.from({ length: 6 }, (_, index) => ({ ...single, prompt: `Question ${index + 1}` }));
  const orderOf = async (lessonId: string) =>
    (await findQuizForLearner({ lessonId, userId: null }))!.questions.map((question) => question.prompt).join(",");

  it("keeps the saved order when off, and changes it between page loads when on", async () => {
    const kept = await newQuiz({ shuffle: false, questions: six });
    const saved = six.map((question) => question.prompt).join(",");
    for (let load = 0; load < 5; load++) expect(await orderOf(kept.lessonId)).toBe(saved);

    const shuffled = await newQuiz({ shuffle: true, questions: six });
    const orders = new Set<string>();
    // 20 loads of 720 possible orders: all the same by chance is below 10^-50.
    for (let load = 0; load < 20; load++) orders.add(await orderOf(shuffled.lessonId));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe("attempts and completion", () => {
  it("a failed attempt leaves the lesson open; a pass completes it; then no more attempts", async () => {
    const learner = await newLearner();
    const quiz = await newQuiz({ maxAttempts: "3", questions: [single] });
    const wrong = new Map([[quiz.questionIds[0], [0]]]);
    const right = new Map([[quiz.questionIds[0], [1]]]);

    expect((await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: wrong })).passed).toBe(false);
    const afterFail = await findQuizForLearner({ lessonId: quiz.lessonId, userId: learner.id });
    expect(afterFail).toMatchObject({
      attemptsUsed: 1,
      maxAttempts: 3,
      passed: false,
      lastAttempt: {
        scorePercent: 0,
        passed: false,
        answers: [{ prompt: "Pick B", correct: false, chosen: ["A"], explanation: "B is the one." }],
      },
    });
    const progress = () =>
      database()
        .db.select({ completedAt: lessonProgress.completedAt })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, quiz.lessonId)));
    expect(await progress()).toEqual([]);

    expect((await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: right })).passed).toBe(true);
    expect((await progress())[0].completedAt).toBeInstanceOf(Date);
    await expect(submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: right })).rejects.toBeInstanceOf(
      QuizAlreadyPassedError,
    );
  });

  it("refuses an attempt once the allowed number is used", async () => {
    const learner = await newLearner();
    const quiz = await newQuiz({ maxAttempts: "2", questions: [single] });
    const wrong = new Map([[quiz.questionIds[0], [0]]]);
    await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: wrong });
    await submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: wrong });
    await expect(submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: wrong })).rejects.toBeInstanceOf(
      QuizNoAttemptsLeftError,
    );
  });

  it("records exactly the allowed number of attempts when they are submitted at once", async () => {
    const learner = await newLearner();
    const quiz = await newQuiz({ maxAttempts: "3", questions: [single] });
    const wrong = new Map([[quiz.questionIds[0], [0]]]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: wrong })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(QuizNoAttemptsLeftError);
    const rows = await database()
      .db.select({ number: quizAttempts.attemptNumber })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.lessonId, quiz.lessonId)));
    expect(rows.map((row) => row.number).sort()).toEqual([1, 2, 3]);
  });

  it("lets only one of several passing attempts at once count", async () => {
    const learner = await newLearner();
    const quiz = await newQuiz({ questions: [single] });
    const right = new Map([[quiz.questionIds[0], [1]]]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => submitQuizAttempt({ user: learner, lessonId: quiz.lessonId, answers: right })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("a quiz lesson is not completed by Mark as complete", async () => {
    const learner = await newLearner();
    const quiz = await newQuiz({ questions: [single] });
    await expect(markLessonComplete({ user: learner, lessonId: quiz.lessonId })).rejects.toMatchObject({
      name: "LessonCompletedByQuizError",
    });
  });

  it("a learner without access cannot submit", async () => {
    const id = unique("outsider");
    await database()
      .db.insert(users)
      .values({ id, email: `${id}@example.test`, name: id, role: "user" });
    const quiz = await newQuiz({ questions: [single] });
    await expect(
      submitQuizAttempt({ user: { id, role: "user" }, lessonId: quiz.lessonId, answers: new Map([[quiz.questionIds[0], [1]]]) }),
    ).rejects.toMatchObject({ name: "LessonLockedError" });
  });
});
