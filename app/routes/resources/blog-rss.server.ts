import type { Route } from "./+types/blog-rss";
import { listFeedPosts, renderBlogRss } from "~/server/posts/public-posts.server";
import { getConfig } from "~/server/platform/config.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";

/** RSS 2.0 of the latest 20 published posts. */
export async function loader({ context }: Route.LoaderArgs) {
  const [posts, settings] = await Promise.all([listFeedPosts({ limit: 20 }), getRequestSiteSettings({ context })]);
  const xml = renderBlogRss({ posts, publicUrl: getConfig().publicUrl, siteName: settings.schoolName });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
