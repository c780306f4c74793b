import type { RouterContextProvider } from "react-router";
import { adminDiscussionForm } from "~/lib/discussion-forms";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireDiscussionStaff } from "~/server/auth/guards.server";
import { discussionFailure } from "~/server/discussions/discussion-errors.server";
import {
  banFromPosting,
  deleteDiscussionPost,
  hideDiscussionPost,
  liftPostingBan,
  listAdminDiscussionPosts,
  listDiscussedCourses,
  replyFromInbox,
  restoreDiscussionPost,
  setAnsweredFromInbox,
} from "~/server/discussions/discussion-moderation.server";
import { dataWithToast } from "~/server/toast.server";
import { discussionList } from "./discussions-list";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Admin → Discussions: every post, unanswered questions first, with the course filter's options.
 * An admin's inbox holds every course; a course instructor's, the courses they teach (decision 059).
 */
export async function adminDiscussionsLoader({ request, context }: Args) {
  const { scope } = await requireDiscussionStaff({ request, context });
  const [list, courses] = await Promise.all([
    readAdminList({
      request,
      list: discussionList,
      failure: "Failed to fetch discussions",
      what: "admin discussion list",
      read: async ({ q, course, state, page }) => {
        const result = await listAdminDiscussionPosts({ scope, query: q, courseId: course, state, page });
        const rows = result.posts.map(({ createdAt, ...post }) => ({
          ...post,
          written: formatDateTime(createdAt),
          href: `/courses/${post.courseSlug}/lessons/${post.lessonSlug}#post-${post.id}`,
          // Stopping a person from posting is school-wide: an admin's alone.
          canBan: scope.kind === "all",
        }));
        return { ...result, rows };
      },
    }),
    listDiscussedCourses({ scope }),
  ]);
  return { ...list, courses: courses.map((course) => ({ value: course.id, label: course.title })) };
}

const DONE = {
  reply: "Reply posted",
  answered: "Marked answered",
  unanswered: "Marked not answered",
  hide: "Post hidden",
  restore: "Post shown",
  delete: "Post deleted",
  ban: "Stopped from posting",
  unban: "Allowed to post again",
} as const;

/** Reply, mark answered, hide, restore, delete, ban and unban, by intent; an instructor neither bans nor unbans. */
export async function adminDiscussionsAction({ request, context }: Args) {
  const { user: admin, scope } = await requireDiscussionStaff({ request, context });
  const parsed = parseForm(adminDiscussionForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed, { formId: parsed.values.formId ?? null });
  const form = parsed.data;
  const formId = parsed.values.formId ?? null;
  if ((form.intent === "ban" || form.intent === "unban") && scope.kind !== "all") {
    const toast = { kind: "error", message: "Only an admin can stop a person from posting." } as const;
    return dataWithToast({ formId, error: toast.message, values: parsed.values }, toast, 403);
  }
  try {
    switch (form.intent) {
      case "reply":
        await replyFromInbox({ scope, staff: admin, clientIp: context.get(requestInfoContext).clientIp ?? "", threadId: form.id, body: form.body });
        break;
      case "hide":
        await hideDiscussionPost({ scope, postId: form.id, reason: form.reason });
        break;
      case "restore":
        await restoreDiscussionPost({ scope, postId: form.id });
        break;
      case "delete":
        await deleteDiscussionPost({ scope, postId: form.id });
        break;
      case "answered":
      case "unanswered":
        await setAnsweredFromInbox({ scope, staff: admin, threadId: form.id, answered: form.intent === "answered" });
        break;
      case "ban": {
        const until = form.period === "forever" ? null : new Date(Date.now() + Number(form.period) * 86_400_000);
        await banFromPosting({ actorId: admin.id, userId: form.userId, until, reason: form.reason });
        break;
      }
      case "unban":
        await liftPostingBan({ actorId: admin.id, userId: form.userId });
        break;
    }
  } catch (error) {
    const { toast, status } = discussionFailure(error, { adminId: admin.id, intent: form.intent });
    return dataWithToast({ formId, error: toast.message, values: parsed.values }, toast, status);
  }
  return dataWithToast({ formId, done: true }, { kind: "success", message: DONE[form.intent] });
}
