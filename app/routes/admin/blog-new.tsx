import type { Route } from "./+types/blog-new";
import { AdminError } from "~/components/admin/admin-error";
import { PostEditor } from "~/components/admin/post-editor";
import type { PostFormValues } from "~/components/admin/post-schema";
import { useToastOnce } from "~/components/use-toast-once";
import { requireAdmin } from "~/server/auth/guards.server";
import { postCategories, runPostEditorAction } from "~/routes/admin/post-editor.server";

export const meta: Route.MetaFunction = () => [{ title: "New post | Admin | Launchpad Academy" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return { categories: postCategories };
}

export function action({ request, context }: Route.ActionArgs) {
  return runPostEditorAction({ request, context });
}

const EMPTY: PostFormValues = { title: "", slug: "", excerpt: "", category: "Announcements", content_md: "", tags: "", cover_url: "" };

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData ? { id: actionData.errorId, kind: "error", message: actionData.error } : null);
  return <PostEditor mode="new" initial={actionData?.values ?? EMPTY} categories={loaderData.categories} error={actionData?.error} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
