import { asc, eq, inArray, notInArray, and } from "drizzle-orm";
import type { QuizQuestionKind } from "~/lib/domain-values";
import type { QuizFormOutput } from "~/lib/quiz-form";
import { isUuid } from "~/lib/uuid";
import { db, type Transaction } from "~/server/db/client.server";
import { lessons, quizQuestions, quizzes } from "~/server/db/schema";

/**
 * The builder's side of quizzes (docs/decisions/024): what the Edit Lesson dialog edits, and the
 * one write that saves it, run inside the lesson's own save transaction (updateLesson).
 */

/** A quiz as the builder edits it: every question with its correct answers (admins only). */
export type BuilderQuiz = {
  passPercent: number;
  maxAttempts: number | null;
  shuffleQuestions: boolean;
  questions: { id: string; kind: QuizQuestionKind; prompt: string; options: string[]; correct: number[]; explanation: string }[];
};

/** Every quiz of a course, by lesson id, for the builder page. Two queries. */
export async function listBuilderQuizzes({ courseId }: { courseId: string }): Promise<Record<string, BuilderQuiz>> {
  if (!isUuid(courseId)) return {};
  const settings = await db()
    .select({
      lessonId: quizzes.lessonId,
      passPercent: quizzes.passPercent,
      maxAttempts: quizzes.maxAttempts,
      shuffleQuestions: quizzes.shuffleQuestions,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(eq(lessons.courseId, courseId));
  if (settings.length === 0) return {};
  const questions = await db()
    .select()
    .from(quizQuestions)
    .where(
      inArray(
        quizQuestions.lessonId,
        settings.map((row) => row.lessonId),
      ),
    )
    .orderBy(asc(quizQuestions.position));
  return Object.fromEntries(
    settings.map(({ lessonId, ...rules }) => [
      lessonId,
      {
        ...rules,
        questions: questions
          .filter((question) => question.lessonId === lessonId)
          .map((question) => ({
            id: question.id,
            kind: question.kind,
            prompt: question.prompt,
            options: question.options,
            correct: question.correctOptions,
            explanation: question.explanation,
          })),
      },
    ]),
  );
}

/**
 * Saves a quiz lesson's rules and questions in the caller's transaction: the rules are upserted,
 * questions keep their ids (an id the lesson does not own is treated as new), take their position
 * from the list's order, and the lesson's questions left out of the list are deleted.
 */
export async function saveQuiz(tx: Transaction, { lessonId, quiz }: { lessonId: string; quiz: QuizFormOutput }) {
  const rules = { passPercent: quiz.passPercent, maxAttempts: quiz.maxAttempts, shuffleQuestions: quiz.shuffle };
  await tx
    .insert(quizzes)
    .values({ lessonId, ...rules })
    .onConflictDoUpdate({ target: quizzes.lessonId, set: { ...rules, updatedAt: new Date() } });
  const owned = new Set(
    (await tx.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.lessonId, lessonId))).map((row) => row.id),
  );
  const kept: string[] = [];
  for (const [index, question] of quiz.questions.entries()) {
    const fields = {
      position: index + 1,
      kind: question.kind,
      prompt: question.prompt,
      options: question.options,
      correctOptions: question.correct,
      explanation: question.explanation,
    };
    if (question.id && owned.has(question.id) && !kept.includes(question.id)) {
      await tx.update(quizQuestions).set(fields).where(eq(quizQuestions.id, question.id));
      kept.push(question.id);
    } else {
      const [created] = await tx
        .insert(quizQuestions)
        .values({ lessonId, ...fields })
        .returning({ id: quizQuestions.id });
      kept.push(created.id);
    }
  }
  await tx.delete(quizQuestions).where(and(eq(quizQuestions.lessonId, lessonId), notInArray(quizQuestions.id, kept)));
}
