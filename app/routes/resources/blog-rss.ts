import type { Route } from "./+types/blog-rss";
import { SITE_NAME } from "~/lib/seo";
import { listFeedPosts, renderBlogRss } from "~/server/posts/public-posts.server";
import { getConfig } from "~/server/config.server";

/** RSS 2.0 of the latest 20 published posts. */
export async function loader(_args: Route.LoaderArgs) {
  const xml = renderBlogRss({ posts: await listFeedPosts({ limit: 20 }), publicUrl: getConfig().publicUrl, siteName: SITE_NAME });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
