import type { RouterContextProvider } from "react-router";
import { POST_CATEGORIES } from "~/lib/domain-values";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { POST_MESSAGES } from "~/lib/post-messages";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { deletePost, savePost } from "~/server/posts/admin-posts.server";
import { postFailure } from "~/server/posts/post-failures.server";
import { dataWithToast, newToast, redirectWithToast } from "~/server/toast.server";
import { editPostForm, newPostForm, typedPostValues } from "./post-form";

export const postCategories = POST_CATEGORIES;

/**
 * The post editor's action (new, and edit with `id`): save as draft, publish, or (edit only)
 * delete. Success goes to the blog list with the spec's toast; a refused or failed save stays on
 * the editor with what was typed and the error toast.
 */
export async function runPostEditorAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  id?: string;
}) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(id ? editPostForm : newPostForm, await readForm(request));
  const values = typedPostValues(parsed.values);
  if (parsed.errors) {
    const message = firstError(parsed.errors) ?? POST_MESSAGES.saveFailed;
    return invalidForm({ errors: parsed.errors, values }, { toast: newToast({ kind: "error", message }) });
  }
  const form = parsed.data;

  if (form.intent === "delete") {
    try {
      // Only the edit form has this intent, so there is an id; "" would be a missing post.
      await deletePost({ id: id ?? "" });
    } catch (error) {
      const { toast, status } = postFailure("delete", error, { id });
      return dataWithToast({ values }, toast, status);
    }
    return redirectWithToast("/admin/blog", { kind: "success", message: POST_MESSAGES.deleted });
  }

  const publish = form.intent === "publish";
  try {
    await savePost({
      id,
      authorId: admin.id,
      publish,
      input: {
        title: form.title,
        slug: form.slug,
        excerpt: form.excerpt,
        category: form.category,
        contentMd: form.contentMd,
        tags: form.tags,
        coverUrl: form.coverUrl,
      },
    });
  } catch (error) {
    const { toast, status } = postFailure("save", error, { id });
    return dataWithToast({ values }, toast, status);
  }
  return redirectWithToast("/admin/blog", { kind: "success", message: publish ? POST_MESSAGES.published : POST_MESSAGES.savedDraft });
}
