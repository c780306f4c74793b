import { and, count, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { LessonType, VideoProvider } from "~/lib/domain-values";
import { isUniqueViolation } from "~/server/db/errors.server";
import { db, type Transaction } from "~/server/db/client.server";
import { courseModules, lessons } from "~/server/db/schema";
import { ForeignVideoPathError, LessonNotFoundError, LessonSlugTakenError, ModuleNotFoundError } from "./curriculum-errors.server";
import { builderLessonColumns, lessonGroup, lessonIdsInOrder, lockCourse, placeAt, renumber, type BuilderLesson } from "./curriculum.server";
import { lessonDurationSeconds } from "~/lib/reading-time";
import { isCourseVideoPath, removeUnusedVideos } from "./lesson-videos.server";
import type { QuizFormOutput } from "~/lib/quiz-form";
import { saveQuiz } from "~/server/quizzes/quiz-editor.server";
import { removeStreamFiles, syncLessonStream } from "~/server/video/lesson-streams.server";
import { crashPoint } from "~/server/platform/crash-points.server";

/** Throws unless `moduleId` (when not null) is a module of this course. */
async function assertModuleOfCourse(tx: Transaction, courseId: string, moduleId: string | null) {
  if (moduleId === null) return;
  if (!isUuid(moduleId)) throw new ModuleNotFoundError(moduleId);
  const [module] = await tx
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)));
  if (!module) throw new ModuleNotFoundError(moduleId);
}

async function findLessonInCourse(tx: Transaction, courseId: string, lessonId: string) {
  if (!isUuid(lessonId)) throw new LessonNotFoundError(lessonId);
  const [lesson] = await tx
    .select({ id: lessons.id, moduleId: lessons.moduleId, videoStoragePath: lessons.videoStoragePath })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .for("update");
  if (!lesson) throw new LessonNotFoundError(lessonId);
  return lesson;
}

/**
 * §7: a new lesson is 'New Lesson', slug `new-lesson-{timestamp}`, a video from YouTube with an
 * empty summary, not a preview, after the last lesson of its group (order count + 1). A null
 * module adds it to the course's flat lessons.
 */
export async function createLesson({ courseId, moduleId, now = Date.now() }: { courseId: string; moduleId: string | null; now?: number }) {
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    await assertModuleOfCourse(tx, courseId, moduleId);
    const [{ total }] = await tx.select({ total: count() }).from(lessons).where(lessonGroup(courseId, moduleId));
    // Two lessons added in the same millisecond would share a slug: take the next free number.
    let stamp = now;
    while ((await tx.$count(lessons, and(eq(lessons.courseId, courseId), eq(lessons.slug, `new-lesson-${stamp}`)))) > 0) stamp++;
    const [created] = await tx
      .insert(lessons)
      .values({
        courseId,
        moduleId,
        title: "New Lesson",
        slug: `new-lesson-${stamp}`,
        type: "video" satisfies LessonType,
        videoProvider: "youtube" satisfies VideoProvider,
        summary: "",
        orderIndex: total + 1,
        isPreview: false,
      })
      .returning(builderLessonColumns);
    // The whole lesson, so the builder opens it for editing without waiting for the curriculum to reload.
    return created as BuilderLesson;
  });
}

/** Every field of a lesson the builder's lesson dialog edits: the lesson as the builder shows it, less its place. */
export type LessonInput = Omit<BuilderLesson, "id" | "moduleId" | "orderIndex">;

/**
 * Saves every editable field of a lesson. With `moduleId` different from the lesson's own, the
 * lesson also moves to the end of that group (null: the flat lessons) and the group it left is
 * renumbered, in the same transaction. A replaced upload is removed from storage afterwards.
 * A quiz lesson's questions and rules are saved in the same transaction: nothing half-saved.
 */
export async function updateLesson({
  courseId,
  lessonId,
  input,
  moduleId,
  quiz,
}: {
  courseId: string;
  lessonId: string;
  input: LessonInput;
  /** Leave out to keep the lesson where it is. */
  moduleId?: string | null;
  /** Leave out to keep the lesson's quiz as it is. */
  quiz?: QuizFormOutput;
}) {
  if (input.videoStoragePath !== null && !isCourseVideoPath(courseId, input.videoStoragePath)) {
    throw new ForeignVideoPathError(input.videoStoragePath);
  }
  let replacedVideo: string | null = null;
  let replacedStream: string | null = null;
  try {
    const updated = await db().transaction(async (tx) => {
      await lockCourse(tx, courseId);
      const lesson = await findLessonInCourse(tx, courseId, lessonId);
      const moving = moduleId !== undefined && moduleId !== lesson.moduleId;
      let placement = {};
      if (moving) {
        await assertModuleOfCourse(tx, courseId, moduleId);
        const [{ total }] = await tx.select({ total: count() }).from(lessons).where(lessonGroup(courseId, moduleId));
        placement = { moduleId, orderIndex: total + 1 };
      }
      const [row] = await tx
        .update(lessons)
        .set({ ...input, durationSeconds: lessonDurationSeconds(input), ...placement, updatedAt: new Date() })
        .where(eq(lessons.id, lesson.id))
        .returning({ id: lessons.id, slug: lessons.slug, moduleId: lessons.moduleId, orderIndex: lessons.orderIndex });
      if (moving) await renumber(tx, "lessons", await lessonIdsInOrder(tx, courseId, lesson.moduleId));
      if (quiz) await saveQuiz(tx, { lessonId: lesson.id, quiz });
      if (lesson.videoStoragePath && lesson.videoStoragePath !== input.videoStoragePath) replacedVideo = lesson.videoStoragePath;
      // A new upload is transcoded into an adaptive stream by a job queued with this save (docs/decisions/026).
      replacedStream = await syncLessonStream(tx, { lessonId: lesson.id, sourcePath: input.videoStoragePath });
      return row;
    });
    if (replacedVideo) await removeUnusedVideos([replacedVideo]);
    await removeStreamFiles([replacedStream]);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw new LessonSlugTakenError(input.slug);
    throw error;
  }
}

/** Deletes a lesson; the lessons after it in its group move up (renumbered from 1). */
export async function deleteLesson({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { video, stream } = await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await findLessonInCourse(tx, courseId, lessonId);
    const stream = await syncLessonStream(tx, { lessonId: lesson.id, sourcePath: null });
    await tx.delete(lessons).where(eq(lessons.id, lesson.id));
    await renumber(tx, "lessons", await lessonIdsInOrder(tx, courseId, lesson.moduleId));
    return { video: lesson.videoStoragePath, stream };
  });
  if (video) await removeUnusedVideos([video]);
  await removeStreamFiles([stream]);
}

/**
 * Moves a lesson to `position` (from 1) in a group: its own (reordering) or another module of the
 * course, or the flat lessons (`moduleId` null). Both groups are renumbered from 1, in one transaction.
 */
export async function moveLesson({
  courseId,
  lessonId,
  moduleId,
  position,
}: {
  courseId: string;
  lessonId: string;
  moduleId: string | null;
  position: number;
}) {
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await findLessonInCourse(tx, courseId, lessonId);
    await assertModuleOfCourse(tx, courseId, moduleId);
    if (lesson.moduleId !== moduleId) {
      await tx.update(lessons).set({ moduleId, updatedAt: new Date() }).where(eq(lessons.id, lesson.id));
      await renumber(tx, "lessons", await lessonIdsInOrder(tx, courseId, lesson.moduleId));
    }
    const order = placeAt(await lessonIdsInOrder(tx, courseId, moduleId), lesson.id, position);
    await renumber(tx, "lessons", order);
    await crashPoint("curriculum-reorder");
    return { moduleId, position: order.indexOf(lesson.id) + 1 };
  });
}
