import { data } from "react-router";
import type { Route } from "./+types/blog-edit";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { POST_MESSAGES } from "~/lib/post-messages";
import { requireAdmin } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { PostEditor } from "./post-editor";
import { postCategories, runPostEditorAction } from "./post-editor.server";
import { getPostForEdit } from "~/server/posts/admin-posts.server";
import { logger } from "~/server/platform/logger.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData ? `Edit: ${args.loaderData.post.title}` : "Post not found");

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
        content_md: post.contentMd,
        tags: post.tags.join(", "),
        cover_url: post.coverUrl ?? "",
      },
    },
  };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return runPostEditorAction({ request, context, id: params.id });
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories } = loaderData;
  useToastOnce(actionData?.toast);
  return (
    <PostEditor
      // A different post is a fresh form, not the previous one's state.
      key={post.id}
      mode="edit"
      postId={post.id}
      status={post.status}
      initial={actionData?.values ?? post.values}
      categories={categories}
      error={actionData?.toast.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} notFound={{ title: POST_MESSAGES.notFound, backTo: "/admin/blog", backLabel: "Back to posts" }} />;
}
