import { data, type RouterContextProvider } from "react-router";
import { listLessonFiles } from "~/server/curriculum/lesson-files.server";
import { fileKindLabel, formatFileSize, lessonFilePath } from "~/lib/lesson-files";
import { parseForm } from "~/lib/forms/parse-form";
import { LEARNING_MESSAGES, lessonPath } from "~/lib/learning";
import { lessonCaptionsPath, lessonPlayer, lessonStreamPath, type LessonPlayer } from "~/lib/video-embed";
import { isCourseInstructor } from "~/server/access/course-instructors.server";
import { discussionAccessFrom, dripOpensAt, findCourseAccess, lessonAccessFrom } from "~/server/access/lesson-access.server";
import { readDiscussionSort } from "~/lib/discussions";
import { listLessonThreads } from "~/server/discussions/discussions.server";
import { formatDate } from "~/lib/dates";
import { invalidForm, readForm } from "~/server/action.server";
import { getSessionUser, requireUser } from "~/server/auth/guards.server";
import { findClosingPlanState } from "~/server/access/paused-plans.server";
import { learningFailure } from "~/server/learning/learning-failures.server";
import { findLessonBySlugs, findLessonBySlugsForPage } from "~/server/learning/lesson-page.server";
import {
  listCourseOutlineForPage,
  listLessonProgress,
  markLessonComplete,
  markLessonIncomplete,
  recordLessonOpened,
} from "~/server/learning/progress.server";
import { renderMarkdown } from "~/server/markdown.server";
import { listLessonStreams } from "~/server/video/lesson-streams.server";
import { QUIZ_MESSAGES } from "~/lib/quiz";
import { findQuizForLearner, submitQuizAttempt } from "~/server/quizzes/quiz-attempts.server";
import { quizFailure } from "~/server/quizzes/quiz-errors.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { lessonCompletionForm, readQuizAnswers } from "./lesson-form";

type LoaderArgs = {
  request: Request;
  url: URL;
  params: { courseSlug: string; lessonSlug: string };
  context: Readonly<RouterContextProvider>;
};

/** A lesson of a draft course, or one that does not exist: the same 404 for everyone but admins. */
export const lessonNotFound = () => data({ notFound: true }, { status: 404 });

/**
 * /courses/{course}/lessons/{lesson}. The one access rule decides (app/server/access/lesson-access):
 * a visitor on a locked lesson goes to sign in, a signed-in person without access gets the locked
 * page (403) with the course's Buy and membership calls to action and none of the lesson's content,
 * video address or embed; drafts are a 404 for anyone but admins.
 */
export async function lessonPageLoader({ request, url, params, context }: LoaderArgs) {
  const user = getSessionUser({ context });
  // The course's and lesson's rows and the outline are kept in memory until a content write.
  const found = await findLessonBySlugsForPage({ courseSlug: params.courseSlug, lessonSlug: params.lessonSlug });
  if (!found) throw lessonNotFound();
  const { course, lesson } = found;

  const courseAccess = await findCourseAccess({ user, course });
  const access = lessonAccessFrom(courseAccess, lesson);
  if (!access.allowed && access.reason === "draft") throw lessonNotFound();
  if (!access.allowed && access.reason === "sign-in") requireUser({ request, url, context });

  const outline = await listCourseOutlineForPage({ courseId: course.id });
  const progressRows = user ? await listLessonProgress({ userId: user.id, lessonIds: outline.lessons.map((row) => row.id) }) : [];
  const progressById = new Map(progressRows.map((row) => [row.lessonId, row]));
  const sideLessons = outline.lessons.map((row) => {
    const rowAccess = lessonAccessFrom(courseAccess, row);
    const opensAt = dripOpensAt(rowAccess);
    return {
      id: row.id,
      moduleId: row.moduleId,
      slug: row.slug,
      title: row.title,
      type: row.type,
      durationSeconds: row.durationSeconds,
      isPreview: row.isPreview,
      locked: !rowAccess.allowed,
      opensOn: opensAt ? formatDate(opensAt) : null,
      completed: progressById.get(row.id)?.completed ?? false,
    };
  });
  const index = sideLessons.findIndex((row) => row.id === lesson.id);
  const neighbour = (at: number) => {
    const row = sideLessons[at];
    return row ? { slug: row.slug, title: row.title, locked: row.locked } : null;
  };
  const completedCount = sideLessons.filter((row) => row.completed).length;

  const shared = {
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      priceCents: course.priceCents,
      isDraft: course.status !== "published",
    },
    lesson: {
      id: lesson.id,
      slug: lesson.slug,
      title: lesson.title,
      summary: lesson.summary,
      type: lesson.type,
      durationSeconds: lesson.durationSeconds,
      isPreview: lesson.isPreview,
    },
    curriculum: groupByModule(outline.modules, sideLessons),
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    // Progress is kept for signed-in people who may open the whole course.
    progress:
      user && courseAccess.kind === "open"
        ? {
            completed: completedCount,
            total: sideLessons.length,
            percent: sideLessons.length ? Math.round((completedCount / sideLessons.length) * 100) : 0,
          }
        : null,
    signedIn: Boolean(user),
  };

  if (!access.allowed) {
    const opensAt = dripOpensAt(access);
    return data(
      {
        ...shared,
        locked: true as const,
        // A drip lesson the learner holds but that has not opened yet (issue 24).
        opensOn: opensAt ? formatDate(opensAt) : null,
        // The learner's payment plan is paused (docs/decisions/069): the page says why.
        planClosed: access.reason === "plan-paused" && user ? await findClosingPlanState({ userId: user.id, courseId: course.id }) : null,
        player: null,
        contentHtml: "",
        positionSeconds: 0,
        completed: false,
      },
      { status: 403 },
    );
  }
  const rendered = await renderMarkdown(lesson.contentMd);
  const own = progressById.get(lesson.id);
  if (user && !own) await recordLessonOpened({ userId: user.id, lessonId: lesson.id });
  return data({
    ...shared,
    locked: false as const,
    player: lesson.type === "video" ? await withStream(lesson, lessonPlayer(lesson)) : null,
    // Questions and options only; explanations come with a submitted attempt (docs/decisions/024).
    quiz: lesson.type === "quiz" ? await findQuizForLearner({ lessonId: lesson.id, userId: user?.id ?? null }) : null,
    contentHtml: rendered.html,
    positionSeconds: own?.positionSeconds ?? 0,
    completed: own?.completed ?? false,
    // A signed-in person saves progress on every lesson they open (previews included).
    canSaveProgress: Boolean(user),
    discussion: await lessonDiscussion({ user, access, courseId: course.id, lessonId: lesson.id, url }),
    // Listed only to whoever may open the lesson; each download asks the same rule again (issue 38).
    files: ((await listLessonFiles({ lessonIds: [lesson.id] }))[lesson.id] ?? []).map((file) => ({
      filename: file.filename,
      href: lessonFilePath(lesson.id, file.id),
      kind: fileKindLabel(file.contentType),
      size: formatFileSize(file.sizeBytes),
    })),
  });
}

/**
 * The lesson's discussion (issue 42) for a signed-in person who may open it. A visitor's lesson
 * page is the page cache's (decision 022), so it carries none: a free preview links to the
 * discussion's own page instead, which is never cached.
 */
async function lessonDiscussion({
  user,
  access,
  courseId,
  lessonId,
  url,
}: {
  user: ReturnType<typeof getSessionUser>;
  access: ReturnType<typeof lessonAccessFrom>;
  courseId: string;
  lessonId: string;
  url: URL;
}) {
  const instructor = user ? await isCourseInstructor({ userId: user.id, courseId }) : false;
  const rights = discussionAccessFrom(user, access, { instructor });
  if (!user || !rights.read) return null;
  const sort = readDiscussionSort(url);
  const threads = await listLessonThreads({ lessonId, viewerId: user.id, staff: rights.staff, sort });
  return { sort, canWrite: rights.write, writeRefusal: rights.writeRefusal, staff: rights.staff, threads };
}

/** An uploaded video plays its adaptive stream once it is ready (docs/decisions/026), the file until then. */
async function withStream(lesson: { id: string; captionsPath: string | null }, player: LessonPlayer | null): Promise<LessonPlayer | null> {
  if (player?.kind !== "file") return player;
  const captions = lesson.captionsPath ? { captions: lessonCaptionsPath(lesson.id) } : {};
  const stream = (await listLessonStreams({ lessonIds: [lesson.id] })).get(lesson.id);
  if (stream?.status !== "ready") return { ...player, ...captions };
  return {
    ...player,
    ...captions,
    stream: { src: lessonStreamPath(lesson.id, "master.m3u8"), poster: lessonStreamPath(lesson.id, "poster.jpg") },
  };
}

/** Flat lessons first as one "Lessons" group, then each module with its lessons (decision 012). */
function groupByModule<L extends { moduleId: string | null }>(modules: { id: string; title: string }[], rows: L[]) {
  const groups = modules.map((module) => ({
    id: module.id,
    title: module.title,
    lessons: rows.filter((row) => row.moduleId === module.id),
  }));
  const flat = rows.filter((row) => row.moduleId === null || !modules.some((module) => module.id === row.moduleId));
  return flat.length ? [{ id: "lessons", title: "Lessons", lessons: flat }, ...groups] : groups;
}

/** Mark the lesson complete, or not complete again. The page stays; the loaders redraw the progress. */
export async function lessonPageAction({
  request,
  params,
  context,
}: {
  request: Request;
  params: { courseSlug: string; lessonSlug: string };
  context: Readonly<RouterContextProvider>;
}) {
  const user = requireUser({ request, context });
  const formData = await readForm(request);
  const parsed = parseForm(lessonCompletionForm, formData);
  if (parsed.errors) return invalidForm(parsed);
  const found = await findLessonBySlugs({ courseSlug: params.courseSlug, lessonSlug: params.lessonSlug });
  if (!found) throw lessonNotFound();
  const { intent } = parsed.data;
  if (intent === "submit-quiz") {
    let result: Awaited<ReturnType<typeof submitQuizAttempt>>;
    try {
      result = await submitQuizAttempt({ user, lessonId: found.lesson.id, answers: readQuizAnswers(formData) });
    } catch (error) {
      const { toast, status } = quizFailure(error, { userId: user.id, lessonId: found.lesson.id });
      return dataWithToast({ completed: null }, toast, status);
    }
    // The page shows the graded attempt from the database, so a reload does not submit again.
    // A quiz not passed is told as a failure (the error toast's style and icon), not with a success tick.
    return redirectWithToast(lessonPath(params.courseSlug, params.lessonSlug), {
      kind: result.passed || result.certificate ? "success" : "error",
      message: result.certificate ? LEARNING_MESSAGES.certificateIssued : result.passed ? QUIZ_MESSAGES.passed : QUIZ_MESSAGES.failed,
      description: result.certificate
        ? `You scored ${result.scorePercent}%. ${LEARNING_MESSAGES.certificateDescription}`
        : `You scored ${result.scorePercent}%.`,
    });
  }
  let certificate: { id: string } | null = null;
  try {
    if (intent === "complete") ({ certificate } = await markLessonComplete({ user, lessonId: found.lesson.id }));
    else await markLessonIncomplete({ user, lessonId: found.lesson.id });
  } catch (error) {
    const { toast, status } = learningFailure(error, { userId: user.id, lessonId: found.lesson.id });
    return dataWithToast({ completed: null }, toast, status);
  }
  if (certificate) {
    return dataWithToast(
      { completed: true, certificateId: certificate.id },
      { kind: "success", message: LEARNING_MESSAGES.certificateIssued, description: LEARNING_MESSAGES.certificateDescription },
    );
  }
  return dataWithToast(
    { completed: intent === "complete" },
    { kind: "success", message: intent === "complete" ? LEARNING_MESSAGES.completed : LEARNING_MESSAGES.uncompleted },
  );
}
