import { and, asc, desc, eq, sql } from "drizzle-orm";
import { gradeQuiz } from "~/lib/quiz";
import { isUuid } from "~/lib/uuid";
import { findLessonAccess, quizSubmitAccessFrom, type LessonAccessUser } from "~/server/access/lesson-access.server";
import { findLessonForPlayback } from "~/server/curriculum/lesson-videos.server";
import { db } from "~/server/db/client.server";
import { quizAnswers, quizAttempts, quizQuestions, quizzes } from "~/server/db/schema";
import { LessonLockedError, LessonNotFoundError } from "~/server/learning/learning-errors.server";
import { recordLessonCompletion } from "~/server/learning/progress.server";
import { QuizAlreadyPassedError, QuizNoAttemptsLeftError, QuizNotFoundError } from "./quiz-errors.server";

/**
 * The learner's side of quizzes (docs/decisions/024). What a lesson page may show before a
 * submission is the questions and their options, nothing else: the correct options and the
 * explanations are read only to grade, and explanations are shown only for a submitted attempt.
 */

/** A quiz as the lesson page shows it, with the learner's attempts; null when the lesson has no quiz saved. */
export async function findQuizForLearner({ lessonId, userId }: { lessonId: string; userId: string | null }) {
  if (!isUuid(lessonId)) return null;
  const [rules] = await db()
    .select({ passPercent: quizzes.passPercent, maxAttempts: quizzes.maxAttempts, shuffleQuestions: quizzes.shuffleQuestions })
    .from(quizzes)
    .where(eq(quizzes.lessonId, lessonId));
  if (!rules) return null;
  // Only these columns: the correct options and explanations stay on the server.
  const questions = await db()
    .select({ id: quizQuestions.id, kind: quizQuestions.kind, prompt: quizQuestions.prompt, options: quizQuestions.options })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position));
  if (rules.shuffleQuestions) shuffle(questions);
  const attempts = userId ? await listOwnAttempts({ lessonId, userId }) : [];
  const last = attempts[0] ?? null;
  return {
    passPercent: rules.passPercent,
    maxAttempts: rules.maxAttempts,
    questions,
    attemptsUsed: attempts.length,
    passed: attempts.some((attempt) => attempt.passed),
    lastAttempt: last ? { ...last, answers: await listAttemptAnswers({ attemptId: last.id }) } : null,
  };
}

function shuffle<T>(items: T[]) {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
}

async function listOwnAttempts({ lessonId, userId }: { lessonId: string; userId: string }) {
  return db()
    .select({
      id: quizAttempts.id,
      attemptNumber: quizAttempts.attemptNumber,
      scorePercent: quizAttempts.scorePercent,
      correctCount: quizAttempts.correctCount,
      questionCount: quizAttempts.questionCount,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, userId)))
    .orderBy(desc(quizAttempts.attemptNumber));
}

/** A submitted attempt's questions: what was chosen, whether it was right, and the explanation. */
async function listAttemptAnswers({ attemptId }: { attemptId: string }) {
  const rows = await db()
    .select({
      questionId: quizQuestions.id,
      prompt: quizQuestions.prompt,
      options: quizQuestions.options,
      explanation: quizQuestions.explanation,
      chosen: quizAnswers.chosen,
      correct: quizAnswers.correct,
    })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(eq(quizAnswers.attemptId, attemptId))
    .orderBy(asc(quizQuestions.position));
  return rows.map(({ options, chosen, ...row }) => ({
    ...row,
    chosen: chosen.map((index) => options[index]).filter((option): option is string => option !== undefined),
  }));
}

/**
 * Grades and records one attempt. The one access rule decides who may submit; the quiz's own
 * rule (attempts allowed, not passed yet) is checked under a lock per learner and quiz, so
 * concurrent submissions take turns and exactly the allowed number are recorded. A pass completes
 * the lesson in the same transaction.
 */
export async function submitQuizAttempt({
  user,
  lessonId,
  answers,
}: {
  user: NonNullable<LessonAccessUser>;
  lessonId: string;
  answers: ReadonlyMap<string, readonly number[]>;
}) {
  const found = await findLessonForPlayback({ lessonId });
  if (!found) throw new LessonNotFoundError(lessonId);
  const access = quizSubmitAccessFrom(user, await findLessonAccess({ user, lesson: found.lesson, course: found.course }));
  if (!access.allowed) throw access.reason === "draft" ? new LessonNotFoundError(lessonId) : new LessonLockedError(lessonId);
  if (found.lesson.type !== "quiz") throw new QuizNotFoundError(lessonId);

  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quiz:${lessonId}:${user.id}`}))`);
    const [rules] = await tx
      .select({ passPercent: quizzes.passPercent, maxAttempts: quizzes.maxAttempts })
      .from(quizzes)
      .where(eq(quizzes.lessonId, lessonId));
    if (!rules) throw new QuizNotFoundError(lessonId);
    const previous = await tx
      .select({ passed: quizAttempts.passed })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, user.id)));
    if (previous.some((attempt) => attempt.passed)) throw new QuizAlreadyPassedError(lessonId);
    if (rules.maxAttempts !== null && previous.length >= rules.maxAttempts) throw new QuizNoAttemptsLeftError(lessonId);
    const questions = await tx
      .select({ id: quizQuestions.id, kind: quizQuestions.kind, correctOptions: quizQuestions.correctOptions })
      .from(quizQuestions)
      .where(eq(quizQuestions.lessonId, lessonId));
    if (questions.length === 0) throw new QuizNotFoundError(lessonId);

    const graded = gradeQuiz({ questions, answers, passPercent: rules.passPercent });
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        lessonId,
        userId: user.id,
        attemptNumber: previous.length + 1,
        correctCount: graded.correctCount,
        questionCount: graded.questionCount,
        scorePercent: graded.scorePercent,
        passed: graded.passed,
      })
      .returning({ id: quizAttempts.id, attemptNumber: quizAttempts.attemptNumber });
    await tx.insert(quizAnswers).values(
      graded.results.map((result) => ({
        attemptId: attempt.id,
        questionId: result.questionId,
        chosen: result.chosen,
        correct: result.correct,
      })),
    );
    const completion = graded.passed
      ? await recordLessonCompletion(tx, { userId: user.id, lessonId, courseId: found.lesson.courseId })
      : null;
    return {
      attemptId: attempt.id,
      attemptNumber: attempt.attemptNumber,
      scorePercent: graded.scorePercent,
      correctCount: graded.correctCount,
      questionCount: graded.questionCount,
      passed: graded.passed,
      results: graded.results,
      certificate: completion?.certificate ?? null,
    };
  });
}
