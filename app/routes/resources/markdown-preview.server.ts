import { z } from "~/lib/forms/zod";
import type { Route } from "./+types/markdown-preview";
import { parseForm } from "~/lib/forms/parse-form";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/platform/logger.server";
import { renderMarkdown } from "~/server/markdown.server";
import { readForm } from "~/server/action.server";

const MAX_MARKDOWN = 200_000;

/** Any editor's markdown (posts today, courses and lessons next), up to the longest body the site stores. */
const previewForm = z.object({ contentMd: z.string().max(MAX_MARKDOWN).default("") });

/** POST contentMd → { html }: the editor's live preview, rendered by the public post page's pipeline. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin({ request, context });
  const parsed = parseForm(previewForm, await readForm(request));
  if (parsed.errors) return Response.json({ html: "", error: "The content is too long to preview" }, { status: 413 });
  try {
    const { html } = await renderMarkdown(parsed.data.contentMd);
    return Response.json({ html, error: null }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "markdown preview failed");
    return Response.json({ html: "", error: "The preview could not be rendered" }, { status: 500 });
  }
}
