import type { Route } from "./+types/blog-new";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";

import { PostEditor } from "./post-editor";

import { EMPTY_POST } from "./post-form";
export { loader, action } from "./blog-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New post");

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  return (
    <PostEditor
      mode="new"
      initial={actionData?.values ?? EMPTY_POST}
      categories={loaderData.categories}
      error={actionData?.toast.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
