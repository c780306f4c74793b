import { data } from "react-router";
import type { Route } from "./+types/blog-edit";
import { POST_MESSAGES } from "~/lib/post-messages";
import { requireAdmin } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { postCategories, runPostEditorAction } from "./post-editor.server";
import { getPostForEdit } from "~/server/posts/admin-posts.server";
import { logger } from "~/server/platform/logger.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  let post: Awaited<ReturnType<typeof getPostForEdit>>;
  try {
    post = await getPostForEdit({ id: params.id });
  } catch (error) {
    logger.error({ err: error, id: params.id }, "post load failed");
    throw await redirectWithToast("/admin/blog", { kind: "error", message: POST_MESSAGES.fetchFailed });
  }
  if (!post) throw data({ message: POST_MESSAGES.notFound }, { status: 404 });
  return {
    categories: postCategories,
    post: {
      id: post.id,
      title: post.title,
      status: post.status as "draft" | "published",
      values: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        category: post.category,
        contentMd: post.contentMd,
        tags: post.tags.join(", "),
        coverUrl: post.coverUrl ?? "",
      },
    },
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return runPostEditorAction({ request, context, id: params.id });
}
