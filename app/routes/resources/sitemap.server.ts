import { escapeXml } from "~/lib/xml";
import { formatIsoDay } from "~/lib/dates";
import { getConfig } from "~/server/platform/config.server";
import { listPublishedCourseSlugs } from "~/server/courses/course-cards.server";
import { db, type Queryable } from "~/server/db/client.server";
import { listPublishedPostSlugs } from "~/server/posts/public-posts.server";
import { listPublishedBundles } from "~/server/bundles/bundles.server";

/** Every public page that is not a course or a post, with how often it tends to change. */
export const STATIC_SITEMAP_PATHS = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/courses", changefreq: "weekly", priority: "0.9" },
  { path: "/pricing", changefreq: "monthly", priority: "0.8" },
  { path: "/playbooks", changefreq: "weekly", priority: "0.7" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/testimonials", changefreq: "monthly", priority: "0.6" },
  { path: "/about", changefreq: "monthly", priority: "0.6" },
  { path: "/contact", changefreq: "yearly", priority: "0.5" },
  { path: "/privacy", changefreq: "yearly", priority: "0.3" },
  { path: "/terms", changefreq: "yearly", priority: "0.3" },
  { path: "/refund", changefreq: "yearly", priority: "0.3" },
] as const;

export type SitemapEntry = { loc: string; lastmod?: string; changefreq?: string; priority?: string };

/** Public pages, published courses and published posts, as absolute URLs on the public origin. */
export async function listSitemapEntries({
  database = db(),
  origin = getConfig().publicUrl,
}: { database?: Queryable; origin?: string } = {}): Promise<SitemapEntry[]> {
  const [courseRows, postRows, bundleRows] = await Promise.all([
    listPublishedCourseSlugs({ database }),
    listPublishedPostSlugs({ database }),
    listPublishedBundles({ database }),
  ]);
  return [
    ...STATIC_SITEMAP_PATHS.map(({ path, changefreq, priority }) => ({ loc: `${origin}${path}`, changefreq, priority })),
    ...courseRows.map((row) => ({
      loc: `${origin}/courses/${encodeURIComponent(row.slug)}`,
      lastmod: formatIsoDay(row.updatedAt),
      changefreq: "monthly",
      priority: "0.8",
    })),
    ...bundleRows.map((row) => ({
      loc: `${origin}/bundles/${encodeURIComponent(row.slug)}`,
      lastmod: formatIsoDay(row.updatedAt),
      changefreq: "monthly",
      priority: "0.7",
    })),
    ...postRows.map((row) => ({
      loc: `${origin}/blog/${encodeURIComponent(row.slug)}`,
      lastmod: formatIsoDay(row.updatedAt),
      changefreq: "monthly",
      priority: "0.6",
    })),
  ];
}

/** The sitemaps.org XML document for these entries. */
export function renderSitemapXml(entries: SitemapEntry[]) {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(entry.loc)}</loc>`,
      entry.lastmod ? `    <lastmod>${entry.lastmod}</lastmod>` : null,
      entry.changefreq ? `    <changefreq>${entry.changefreq}</changefreq>` : null,
      entry.priority ? `    <priority>${entry.priority}</priority>` : null,
      "  </url>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; private areas and the API may not. */
export function renderRobotsTxt({ origin = getConfig().publicUrl }: { origin?: string } = {}) {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /api",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export async function loader() {
  const xml = renderSitemapXml(await listSitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
