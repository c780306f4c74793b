import type { RouterContextProvider } from "react-router";
import { adminDiscussionForm } from "~/lib/discussion-forms";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
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
} from "~/server/discussions/discussion-moderation.server";
import { dataWithToast } from "~/server/toast.server";
import { discussionList } from "./discussions-list";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Discussions: every post, unanswered questions first, with the course filter's options. */
export async function adminDiscussionsLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  const [list, courses] = await Promise.all([
    readAdminList({
      request,
      list: discussionList,
      failure: "Failed to fetch discussions",
      what: "admin discussion list",
      read: async ({ q, course, state, page }) => {
        const result = await listAdminDiscussionPosts({ query: q, courseId: course, state, page });
        const rows = result.posts.map(({ createdAt, ...post }) => ({
          ...post,
          written: formatDateTime(createdAt),
          href: `/courses/${post.courseSlug}/lessons/${post.lessonSlug}#post-${post.id}`,
        }));
        return { ...result, rows };
      },
    }),
    listDiscussedCourses(),
  ]);
  return { ...list, courses: courses.map((course) => ({ value: course.id, label: course.title })) };
}

const DONE = {
  reply: "Reply posted",
  hide: "Post hidden",
  restore: "Post shown",
  delete: "Post deleted",
  ban: "Stopped from posting",
  unban: "Allowed to post again",
} as const;

/** Reply, hide, restore, delete, ban and unban, by intent. */
export async function adminDiscussionsAction({ request, context }: Args) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(adminDiscussionForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed, { formId: parsed.values.formId ?? null });
  const form = parsed.data;
  const formId = parsed.values.formId ?? null;
  try {
    switch (form.intent) {
      case "reply":
        await replyFromInbox({ staff: admin, clientIp: context.get(requestInfoContext).clientIp ?? "", threadId: form.id, body: form.body });
        break;
      case "hide":
        await hideDiscussionPost({ postId: form.id, reason: form.reason });
        break;
      case "restore":
        await restoreDiscussionPost({ postId: form.id });
        break;
      case "delete":
        await deleteDiscussionPost({ postId: form.id });
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
