import { redirect } from "react-router";
import type { Route } from "./+types/blog-list";
import { blogListUrl } from "~/lib/blog-filters";
import { listPublishedPosts } from "~/server/posts/public-posts.server";

// `url`, not `request.url`: with v8_passThroughRequests the request of a client-side navigation
// is the raw `/blog.data?…&_routes=…` one.
export async function loader({ url }: Route.LoaderArgs) {
  const filters = blogListUrl.parse(url.searchParams);
  // The GET form also sends defaults (empty q, sort=newest): send those to the tidy address.
  const canonical = blogListUrl.search(filters);
  if (canonical !== (url.search === "?" ? "" : url.search)) throw redirect(`${url.pathname}${canonical}`);
  const result = await listPublishedPosts({ filters });
  return { filters, ...result };
}
