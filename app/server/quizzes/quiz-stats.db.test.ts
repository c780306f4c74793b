import { beforeAll, describe, expect, it } from "vitest";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { quizSchema } from "~/lib/quiz-form";
import { db } from "~/server/db/client.server";
import { courses, enrollments, lessons, users } from "~/server/db/schema";
import * as quizDetailsRoute from "~/routes/admin/quiz-details";
import * as quizzesRoute from "~/routes/admin/quizzes";
import * as userDetailsRoute from "~/routes/admin/user-details";
import { findQuizForLearner, submitQuizAttempt } from "./quiz-attempts.server";
import { saveQuiz } from "./quiz-editor.server";

/** What the admin sees of quizzes: per quiz, per question, per learner (docs/decisions/024). */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const quiz = { lessonId: "", title: "", questionIds: [] as string[] };
const learners: { id: string; role: string }[] = [];

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  const [course] = await database()
    .db.insert(courses)
    .values({ title: "Stats course", slug: unique("stats"), status: "published" })
    .returning({ id: courses.id });
  quiz.title = unique("Stats quiz");
  [{ id: quiz.lessonId }] = await database()
    .db.insert(lessons)
    .values({ courseId: course.id, title: quiz.title, slug: unique("stats-quiz"), type: "quiz", orderIndex: 1 })
    .returning({ id: lessons.id });
  const parsed = quizSchema.parse({
    passPercent: "100",
    maxAttempts: "",
    questions: [
      { kind: "single", prompt: "Easy", options: ["A", "B"], correct: [0] },
      { kind: "true_false", prompt: "Hard", options: [], correct: [1] },
    ],
  });
  await db().transaction((tx) => saveQuiz(tx, { lessonId: quiz.lessonId, quiz: parsed }));
  quiz.questionIds = (await findQuizForLearner({ lessonId: quiz.lessonId, userId: null }))!.questions.map((question) => question.id);
  for (let index = 0; index < 3; index++) {
    const id = unique("learner");
    await database()
      .db.insert(users)
      .values({ id, email: `${id}@example.test`, name: id, role: "user" });
    await database().db.insert(enrollments).values({ userId: id, courseId: course.id, source: "admin", status: "active" });
    learners.push({ id, role: "user" });
  }
  const [easy, hard] = quiz.questionIds;
  const answer = (user: (typeof learners)[number], hardChoice: number) =>
    submitQuizAttempt({
      user,
      lessonId: quiz.lessonId,
      answers: new Map([
        [easy, [0]],
        [hard, [hardChoice]],
      ]),
    });
  // Learner 0 fails then passes; learner 1 passes at once; learner 2 fails twice.
  await answer(learners[0], 0);
  await answer(learners[0], 1);
  await answer(learners[1], 1);
  await answer(learners[2], 0);
  await answer(learners[2], 0);
});

describe("the admin's quiz figures", () => {
  it("lists each quiz with its attempts, learners and pass rate (learners who passed of those who tried)", async () => {
    const data = (await callLoader(quizzesRoute, { path: `/admin/quizzes?q=${encodeURIComponent(quiz.title)}`, user: admin })) as {
      rows: unknown[];
      total: number;
    };
    expect(data.total).toBe(1);
    expect(data.rows).toEqual([
      expect.objectContaining({ lessonId: quiz.lessonId, questions: 2, attempts: 5, learners: 3, passed: 2, passRate: 67 }),
    ]);
  });

  it("shows each question's share of right answers", async () => {
    const data = (await callLoader(quizDetailsRoute, {
      path: `/admin/quizzes/${quiz.lessonId}`,
      params: { lessonId: quiz.lessonId },
      user: admin,
    })) as {
      quiz: { attempts: number; passRate: number; questions: { prompt: string; answered: number; right: number; rightRate: number }[] };
    };
    expect(data.quiz).toMatchObject({ attempts: 5, passRate: 67 });
    expect(data.quiz.questions.map(({ prompt, answered, right, rightRate }) => ({ prompt, answered, right, rightRate }))).toEqual([
      { prompt: "Easy", answered: 5, right: 5, rightRate: 100 },
      { prompt: "Hard", answered: 5, right: 2, rightRate: 40 },
    ]);
  });

  it("lists a learner's attempts on their user page, newest first", async () => {
    const data = (await callLoader(userDetailsRoute, {
      path: `/admin/users/${learners[0].id}`,
      params: { id: learners[0].id },
      user: admin,
    })) as {
      quizAttempts: { lessonTitle: string; attemptNumber: number; scorePercent: number; passed: boolean; submitted: string }[];
    };
    expect(
      data.quizAttempts.map(({ lessonTitle, attemptNumber, scorePercent, passed }) => ({
        lessonTitle,
        attemptNumber,
        scorePercent,
        passed,
      })),
    ).toEqual([
      { lessonTitle: quiz.title, attemptNumber: 2, scorePercent: 100, passed: true },
      { lessonTitle: quiz.title, attemptNumber: 1, scorePercent: 50, passed: false },
    ]);
    expect(data.quizAttempts[0].submitted).toEqual(expect.any(String));
  });
});
