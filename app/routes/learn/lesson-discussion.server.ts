import { data, type RouterContextProvider } from "react-router";
import { discussionForm } from "~/lib/discussion-forms";
import { readDiscussionSort } from "~/lib/discussions";
import { parseForm } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { invalidForm, readForm } from "~/server/action.server";
import { getSessionUser, requireUser } from "~/server/auth/guards.server";
import { DISCUSSION_MESSAGES, discussionFailure, DiscussionError } from "~/server/discussions/discussion-errors.server";
import {
  deletePost,
  editPost,
  findLessonDiscussion,
  listLessonThreads,
  markHelpful,
  previewDiscussionPost,
  replyToThread,
  setAnswered,
  setFollowing,
  startThread,
  type DiscussionUser,
} from "~/server/discussions/discussions.server";
import { dataWithToast } from "~/server/toast.server";

type Args = {
  request: Request;
  url?: URL;
  params: { courseSlug: string; lessonSlug: string };
  context: Readonly<RouterContextProvider>;
};

/** Never kept by a browser or a shared cache: what a discussion shows depends on who reads it. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * What the lesson page and the discussion page show of a lesson's discussion, for someone the
 * access rule lets read it; null for anyone else, who gets nothing of it.
 */
export async function readLessonDiscussion({ user, courseSlug, lessonSlug, url }: { user: DiscussionUser | null; courseSlug: string; lessonSlug: string; url: URL }) {
  const found = await findLessonDiscussion({ user, courseSlug, lessonSlug });
  if (!found || !found.access.read) return null;
  const sort = readDiscussionSort(url);
  const threads = await listLessonThreads({ lessonId: found.lesson.id, viewerId: user?.id ?? null, staff: found.access.staff, sort });
  return {
    sort,
    canWrite: found.access.write,
    writeRefusal: found.access.writeRefusal,
    staff: found.access.staff,
    threads,
  };
}

/**
 * /courses/{course}/lessons/{lesson}/discussion: the lesson's discussion on its own page (how a
 * visitor reads a free preview's discussion: the lesson page a visitor gets is the page cache's,
 * and carries none of it). Only people who may open the lesson read it; a visitor on a locked
 * lesson goes to sign in, anyone else refused gets a 404 or a 403 with nothing of it.
 */
export async function lessonDiscussionLoader({ request, url, params, context }: Args & { url: URL }) {
  const user = getSessionUser({ context });
  const found = await findLessonDiscussion({ user, courseSlug: params.courseSlug, lessonSlug: params.lessonSlug });
  if (!found || (!found.access.read && found.access.reason === "draft")) throw data({ notFound: true }, { status: 404, headers: PRIVATE });
  if (!found.access.read && found.access.reason === "sign-in") requireUser({ request, url, context });
  const heading = {
    course: { slug: found.course.slug, title: found.course.title },
    lesson: { slug: found.lesson.slug, title: found.lesson.title },
  };
  if (!found.access.read) return data({ ...heading, discussion: null }, { status: 403, headers: PRIVATE });
  const discussion = await readLessonDiscussion({ user, courseSlug: params.courseSlug, lessonSlug: params.lessonSlug, url });
  return data({ ...heading, discussion }, { headers: PRIVATE });
}

/** Every discussion write, by intent; a refusal says why and stores nothing. */
export async function lessonDiscussionAction({ request, params, context }: Args) {
  const user = requireUser({ request, context });
  const parsed = parseForm(discussionForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed, { formId: parsed.values.formId ?? null });
  const formId = parsed.values.formId ?? null;
  const where = { user, courseSlug: params.courseSlug, lessonSlug: params.lessonSlug };
  const clientIp = context.get(requestInfoContext).clientIp ?? "";
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "preview": {
        const preview = await previewDiscussionPost({ body: form.body });
        return data({ formId, preview: preview.html, held: preview.held });
      }
      case "ask": {
        const result = await startThread({ ...where, clientIp, kind: form.kind, body: form.body });
        return dataWithToast(
          { formId, done: true, postId: result.id },
          { kind: "success", message: result.held ? DISCUSSION_MESSAGES.held : form.kind === "question" ? "Question posted" : "Comment posted" },
        );
      }
      case "reply": {
        const result = await replyToThread({ ...where, clientIp, threadId: form.threadId, body: form.body });
        return dataWithToast({ formId, done: true, postId: result.id }, { kind: "success", message: result.held ? DISCUSSION_MESSAGES.held : "Reply posted" });
      }
      case "edit":
        await editPost({ ...where, postId: form.postId, body: form.body });
        return dataWithToast({ formId, done: true }, { kind: "success", message: "Post updated" });
      case "delete":
        await deletePost({ ...where, postId: form.postId });
        return dataWithToast({ formId, done: true }, { kind: "success", message: "Post deleted" });
      case "helpful": {
        const marked = await markHelpful({ ...where, postId: form.postId });
        return dataWithToast({ formId, done: true }, { kind: "success", message: marked ? "Marked as helpful" : "You already marked this helpful" });
      }
      case "answered":
        await setAnswered({ ...where, threadId: form.threadId, answered: form.answered === "true" });
        return dataWithToast({ formId, done: true }, { kind: "success", message: form.answered === "true" ? "Marked as answered" : "Marked as not answered" });
      case "follow":
        await setFollowing({ ...where, threadId: form.threadId, following: form.following === "true" });
        return dataWithToast({ formId, done: true }, { kind: "success", message: form.following === "true" ? "Following this thread" : "Unfollowed this thread" });
    }
  } catch (error) {
    const { toast, status } = discussionFailure(error, { userId: user.id, intent: form.intent });
    return dataWithToast({ formId, error: toast.message, values: parsed.values, reason: error instanceof DiscussionError ? error.reason : null }, toast, status);
  }
}
