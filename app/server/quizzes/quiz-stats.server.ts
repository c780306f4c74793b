import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { courses, lessons, quizAnswers, quizAttempts, quizQuestions, quizzes } from "~/server/db/schema";

/**
 * What the admin sees of quizzes (docs/decisions/024): per quiz its attempts and pass rate, per
 * question how often it was answered right, and per learner their attempts. A quiz's pass rate
 * is the share of learners who tried it that passed it.
 */

export const ADMIN_QUIZZES_PAGE_SIZE = 20;
const SEARCH_MAX = 200;

/** Per quiz lesson: attempts, learners who tried, learners who passed. One grouped subquery. */
function totalsByLesson() {
  return db()
    .select({
      lessonId: quizAttempts.lessonId,
      attempts: sql<number>`count(*)::int`.as("attempts"),
      learners: sql<number>`count(distinct ${quizAttempts.userId})::int`.as("learners"),
      passed: sql<number>`count(distinct ${quizAttempts.userId}) filter (where ${quizAttempts.passed})::int`.as("passed"),
    })
    .from(quizAttempts)
    .groupBy(quizAttempts.lessonId)
    .as("totals");
}

/** Quizzes with their lesson, course and attempt totals (zero for a quiz nobody tried), selecting `columns` plus the totals. */
function selectQuizzesWithTotals<Columns extends SelectedFields>(columns: Columns) {
  const totals = totalsByLesson();
  return db()
    .select({
      ...columns,
      attempts: sql<number>`coalesce(${totals.attempts}, 0)`,
      learners: sql<number>`coalesce(${totals.learners}, 0)`,
      passed: sql<number>`coalesce(${totals.passed}, 0)`,
    } as Columns & { attempts: SQL<number>; learners: SQL<number>; passed: SQL<number> })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(totals, eq(totals.lessonId, lessons.id));
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

/** Every quiz lesson, searched by lesson or course title, newest course edits first, paged. */
export async function listAdminQuizzes({ query = "", page = 1 }: { query?: string; page?: number }) {
  const where = and(
    eq(lessons.type, "quiz"),
    anyColumnContains({ columns: [lessons.title, courses.title], text: query, maxLength: SEARCH_MAX }),
  );
  const [{ total }] = await db()
    .select({ total: count() })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_QUIZZES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await selectQuizzesWithTotals({
    lessonId: lessons.id,
    lessonTitle: lessons.title,
    courseId: courses.id,
    courseTitle: courses.title,
    questions: sql<number>`(select count(*)::int from ${quizQuestions} where ${quizQuestions.lessonId} = ${lessons.id})`,
  })
    .where(where)
    .orderBy(desc(courses.updatedAt), asc(lessons.title), asc(lessons.id))
    .limit(ADMIN_QUIZZES_PAGE_SIZE)
    .offset((current - 1) * ADMIN_QUIZZES_PAGE_SIZE);
  return {
    quizzes: rows.map((row) => ({ ...row, passRate: percent(row.passed, row.learners) })),
    total,
    page: current,
    pageCount,
  };
}

/** One quiz's figures and each question's share of right answers, or null for a lesson without a quiz. */
export async function getQuizStats({ lessonId }: { lessonId: string }) {
  if (!isUuid(lessonId)) return null;
  const [quiz] = await selectQuizzesWithTotals({
    lessonId: lessons.id,
    lessonTitle: lessons.title,
    lessonSlug: lessons.slug,
    courseId: courses.id,
    courseTitle: courses.title,
    courseSlug: courses.slug,
    passPercent: quizzes.passPercent,
    maxAttempts: quizzes.maxAttempts,
  }).where(eq(quizzes.lessonId, lessonId));
  if (!quiz) return null;
  const questions = await db()
    .select({
      id: quizQuestions.id,
      position: quizQuestions.position,
      prompt: quizQuestions.prompt,
      kind: quizQuestions.kind,
      answered: sql<number>`count(${quizAnswers.attemptId})::int`,
      right: sql<number>`count(${quizAnswers.attemptId}) filter (where ${quizAnswers.correct})::int`,
    })
    .from(quizQuestions)
    .leftJoin(quizAnswers, eq(quizAnswers.questionId, quizQuestions.id))
    .where(eq(quizQuestions.lessonId, lessonId))
    .groupBy(quizQuestions.id)
    .orderBy(asc(quizQuestions.position));
  return {
    ...quiz,
    passRate: percent(quiz.passed, quiz.learners),
    questions: questions.map((question) => ({ ...question, rightRate: percent(question.right, question.answered) })),
  };
}

/** A learner's quiz attempts, newest first, with the quiz and course they belong to. */
export async function listUserQuizAttempts({ userId, limit = 100 }: { userId: string; limit?: number }) {
  return db()
    .select({
      id: quizAttempts.id,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      courseTitle: courses.title,
      attemptNumber: quizAttempts.attemptNumber,
      scorePercent: quizAttempts.scorePercent,
      correctCount: quizAttempts.correctCount,
      questionCount: quizAttempts.questionCount,
      passed: quizAttempts.passed,
      submittedAt: quizAttempts.submittedAt,
    })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(quizAttempts.userId, userId))
    .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.attemptNumber))
    .limit(limit);
}
