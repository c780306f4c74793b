import { renderRobotsTxt } from "~/routes/resources/sitemap.server";

export function loader() {
  return new Response(renderRobotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
