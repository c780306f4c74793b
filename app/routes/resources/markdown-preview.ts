import type { Route } from "./+types/markdown-preview";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { renderMarkdown } from "~/server/markdown.server";

const MAX_MARKDOWN = 200_000;

/** POST content_md → { html }: the editor's live preview, rendered by the public post page's pipeline. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin({ request, context });
  const form = await request.formData();
  const markdown = String(form.get("content_md") ?? "");
  if (markdown.length > MAX_MARKDOWN) return Response.json({ html: "", error: "The content is too long to preview" }, { status: 413 });
  try {
    const { html } = await renderMarkdown(markdown);
    return Response.json({ html, error: null }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "markdown preview failed");
    return Response.json({ html: "", error: "The preview could not be rendered" }, { status: 500 });
  }
}
