import { data } from "react-router";
import type { Route } from "./+types/blog-post";
import { requestInfoContext } from "~/lib/request-context";
import { canSeeDrafts } from "~/server/access/draft-visibility.server";
import { getSessionUser } from "~/server/auth/guards.server";
import { getPostBySlug, listRelatedPosts, recordPostView } from "~/server/posts/public-posts.server";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { renderMarkdown } from "~/server/markdown.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = getSessionUser({ context });
  const post = await getPostBySlug({ slug: params.slug, includeDrafts: canSeeDrafts(user) });
  if (!post) throw data({ notFound: true }, { status: 404 });

  const preview = post.status !== "published";
  if (!preview && request.method === "GET") {
    const { clientIp = "" } = context.get(requestInfoContext);
    // A view that fails to count must not cost the reader the page.
    await recordPostView({ postId: post.id, ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" }).catch((error: unknown) => {
      logger.error({ err: error, postId: post.id }, "could not count a post view");
    });
  }

  const [{ html, headings }, related] = await Promise.all([
    renderMarkdown(post.contentMd),
    listRelatedPosts({ postId: post.id, category: post.category, limit: 3 }),
  ]);
  const { contentMd: _markdown, viewCount: _views, ...shown } = post;
  const origin = getConfig().publicUrl;
  return { post: shown, html, headings, related, preview, url: `${origin}/blog/${post.slug}`, origin };
}
