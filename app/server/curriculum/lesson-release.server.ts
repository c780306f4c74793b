import { courseModules } from "~/server/db/schema";

/**
 * A lesson's drip release as the access rule reads it (`LessonAccessLesson`): its module's rule.
 * Spread into a lesson's selection with `course_modules` left-joined on the lesson's module; both
 * are null when the lesson has no module or its module opens at once.
 */
export const lessonReleaseColumns = { dripDays: courseModules.dripDays, dripDate: courseModules.dripDate };
