import { data, type RouterContextProvider } from "react-router";
import { POST_MESSAGES } from "~/components/admin/post-messages";
import { postFormSchema, type PostFormValues } from "~/components/admin/post-schema";
import { POST_CATEGORIES } from "~/lib/domain-values";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import { deletePost, PostNotFoundError, savePost } from "~/server/posts/admin-posts.server";

export const postCategories = POST_CATEGORIES;

/** What the form shows back after a failed save: exactly what was typed. */
function typedValues(form: FormData): PostFormValues {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: field("title"),
    slug: field("slug"),
    excerpt: field("excerpt"),
    category: field("category"),
    content_md: field("content_md"),
    tags: field("tags"),
    cover_url: field("cover_url"),
  };
}

const failure = (message: string, values: PostFormValues, status: number) =>
  data({ error: message, errorId: crypto.randomUUID(), values }, { status });

/**
 * The post editor's action (new and edit): save as draft, publish, or (edit only) delete.
 * Success redirects to the blog list with the spec's toast; a failure answers with its message.
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
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete" && id) {
    try {
      await deletePost({ id });
      return redirectWithToast("/admin/blog", { kind: "success", message: POST_MESSAGES.deleted });
    } catch (error) {
      logger[error instanceof PostNotFoundError ? "warn" : "error"]({ err: error, id }, "post delete failed");
      return failure(POST_MESSAGES.deleteFailed, typedValues(form), error instanceof PostNotFoundError ? 404 : 500);
    }
  }

  const values = typedValues(form);
  const parsed = postFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    logger.warn({ issues: parsed.error.issues }, "post form refused");
    return failure(POST_MESSAGES.saveFailed, values, 400);
  }
  const input = parsed.data;
  if (!input.title || !input.content_md.trim()) return failure(POST_MESSAGES.required, values, 400);

  const publish = input.intent === "publish";
  try {
    await savePost({
      id,
      authorId: admin.id,
      publish,
      input: {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt,
        category: input.category,
        contentMd: input.content_md,
        tags: input.tags,
        coverUrl: input.cover_url,
      },
    });
  } catch (error) {
    if (error instanceof PostNotFoundError) {
      logger.warn({ id }, "save of a missing post");
      return failure(POST_MESSAGES.notFound, values, 404);
    }
    logger.error({ err: error, id }, "post save failed");
    return failure(POST_MESSAGES.saveFailed, values, 500);
  }
  return redirectWithToast("/admin/blog", { kind: "success", message: publish ? POST_MESSAGES.published : POST_MESSAGES.savedDraft });
}
