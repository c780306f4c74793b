import type { Route } from "./+types/blog-edit";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { POST_MESSAGES } from "~/lib/post-messages";

import { PostEditor } from "./post-editor";
export { loader, action } from "./blog-edit.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData ? `Edit: ${args.loaderData.post.title}` : "Post not found");

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
