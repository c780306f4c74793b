/**
 * The pages an anonymous visitor's request may be answered from the page cache for
 * (docs/decisions/022-page-cache.md): the marketing pages, the catalog with its filters, sorts and
 * pages, course pages, lesson pages (a preview, or the locked page a visitor sees), the blog, feeds
 * and the sitemap. Nothing else is ever cached (`/data/courses.json` keeps its own no-cache and
 * ETag, so a client always gets the list as it is now): forms that write on GET (newsletter confirmation),
 * sign-in, checkout, account and admin pages are not on the list.
 */
const PUBLIC_PAGES: RegExp[] = [
  /^\/$/,
  /^\/(pricing|about|privacy|terms|refund|playbooks|testimonials|courses|catalog|blog)\/?$/,
  /^\/courses\/[^/]+\/?$/,
  /^\/bundles\/[^/]+\/?$/,
  /^\/p\/[^/]+\/?$/,
  /^\/courses\/[^/]+\/lessons\/[^/]+\/?$/,
  /^\/blog\/[^/]+\/?$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
];

/** The page a path shows: React Router's data requests (`/courses.data`, `/_root.data`) name the page they load. */
export function pagePath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

export function isPublicPage(pathname: string) {
  const page = pagePath(pathname);
  return PUBLIC_PAGES.some((pattern) => pattern.test(page));
}

/** The page's one dynamic segment, decoded, when `pattern` matches the page the path shows. */
function slugOf(pattern: RegExp, pathname: string): string | null {
  const match = pattern.exec(pagePath(pathname));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** A blog post's slug when the path is a post page (or its data request), for counting views of cached pages. */
export function blogPostSlug(pathname: string): string | null {
  const slug = slugOf(/^\/blog\/([^/]+)\/?$/, pathname);
  return slug === "rss.xml" ? null : slug;
}

/** A course's slug when the path is its page (or its data request), for counting views of cached pages. */
export const coursePageSlug = (pathname: string) => slugOf(/^\/courses\/([^/]+)\/?$/, pathname);
