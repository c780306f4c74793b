import type { Route } from "./+types/blog-new";
import { requireAdmin } from "~/server/auth/guards.server";
import { postCategories, runPostEditorAction } from "./post-editor.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return { categories: postCategories };
}

export function action({ request, context }: Route.ActionArgs) {
  return runPostEditorAction({ request, context });
}
