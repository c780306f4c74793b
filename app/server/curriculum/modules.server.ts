import { and, count, eq, isNotNull } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { courseModules, lessons } from "~/server/db/schema";
import { ModuleNotFoundError } from "./curriculum-errors.server";
import { lockCourse, moduleIdsInOrder, placeAt, renumber } from "./curriculum.server";
import { removeUnusedVideos } from "./lesson-videos.server";

/** §7: a new module is 'New Module' with an empty description, after the last one (position count + 1). */
export async function createModule({ courseId }: { courseId: string }) {
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [{ total }] = await tx.select({ total: count() }).from(courseModules).where(eq(courseModules.courseId, courseId));
    const [created] = await tx
      .insert(courseModules)
      .values({ courseId, title: "New Module", description: "", position: total + 1 })
      .returning({ id: courseModules.id, title: courseModules.title, position: courseModules.position });
    return created;
  });
}

export async function updateModule({
  courseId,
  moduleId,
  title,
  description,
  dripDays = null,
  dripDate = null,
}: {
  courseId: string;
  moduleId: string;
  title: string;
  description: string;
  /** Drip: the lessons open this many days after a learner's access began, or on this date (issue 24). */
  dripDays?: number | null;
  dripDate?: Date | null;
}) {
  if (!isUuid(moduleId) || !isUuid(courseId)) throw new ModuleNotFoundError(moduleId);
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [updated] = await tx
      .update(courseModules)
      .set({ title, description, dripDays, dripDate, updatedAt: new Date() })
      .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)))
      .returning({ id: courseModules.id, title: courseModules.title, description: courseModules.description });
    if (!updated) throw new ModuleNotFoundError(moduleId);
    return updated;
  });
}

/**
 * Deletes a module; the database deletes its lessons with it (cascade). The modules after it move
 * up, and the lessons' uploaded videos are removed from storage once the delete is committed.
 */
export async function deleteModule({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  if (!isUuid(moduleId)) throw new ModuleNotFoundError(moduleId);
  const videos = await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const stored = await tx
      .select({ path: lessons.videoStoragePath })
      .from(lessons)
      .where(and(eq(lessons.moduleId, moduleId), eq(lessons.courseId, courseId), isNotNull(lessons.videoStoragePath)));
    const deleted = await tx
      .delete(courseModules)
      .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)))
      .returning({ id: courseModules.id });
    if (deleted.length === 0) throw new ModuleNotFoundError(moduleId);
    await renumber(tx, "course_modules", await moduleIdsInOrder(tx, courseId));
    return stored.map((row) => row.path).filter((path): path is string => Boolean(path));
  });
  await removeUnusedVideos(videos);
}

/** Moves a module to `position` (from 1) among its course's modules; the others are renumbered from 1. */
export async function moveModule({ courseId, moduleId, position }: { courseId: string; moduleId: string; position: number }) {
  if (!isUuid(moduleId)) throw new ModuleNotFoundError(moduleId);
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const ids = await moduleIdsInOrder(tx, courseId);
    if (!ids.includes(moduleId)) throw new ModuleNotFoundError(moduleId);
    const order = placeAt(ids, moduleId, position);
    await renumber(tx, "course_modules", order);
    return { position: order.indexOf(moduleId) + 1 };
  });
}
