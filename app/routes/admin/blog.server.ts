import { postListUrl } from "~/lib/admin-list-urls";
import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { POST_MESSAGES } from "~/lib/post-messages";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { deletePost, setPostStatus } from "~/server/posts/admin-posts.server";
import { postFailure } from "~/server/posts/post-failures.server";
import { dataWithToast } from "~/server/toast.server";
import { postListForm } from "./post-form";
import { formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/blog";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminPosts } from "~/server/posts/admin-posts.server";

const SUCCESS = { publish: POST_MESSAGES.published, unpublish: POST_MESSAGES.unpublished, delete: POST_MESSAGES.deleted } as const;

/** The blog list's row buttons: publish, unpublish, delete. The list stays; the toast says what happened. */
export async function postListAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAdmin({ request, context });
  const parsed = parseForm(postListForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { intent, id } = parsed.data;
  try {
    if (intent === "delete") await deletePost({ id });
    else await setPostStatus({ id, status: intent === "publish" ? "published" : "draft" });
  } catch (error) {
    const { toast, status } = postFailure(intent === "delete" ? "delete" : "status", error, { id });
    return dataWithToast({}, toast, status);
  }
  return dataWithToast({}, { kind: "success", message: SUCCESS[intent] });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: postListUrl,
    failure: POST_MESSAGES.fetchListFailed,
    what: "admin post list",
    read: async ({ q, page }) => {
      const result = await listAdminPosts({ query: q, page });
      const rows = result.posts.map((post) => ({
        id: post.id,
        title: post.title,
        slug: post.slug,
        status: post.status,
        category: post.category,
        updated: formatDateTime(post.updatedAt),
      }));
      return { ...result, rows };
    },
  });
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return postListAction({ request, context });
}
