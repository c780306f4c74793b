import type { MetaDescriptor } from "react-router";
import { absoluteImageUrl } from "./image-url";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";

type MetaArgs = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

const rootDataOf = (args: MetaArgs) =>
  args.matches.find((match) => match?.id === "root")?.loaderData as { origin?: string; settings?: SiteSettings } | undefined;

/** The site's public origin, from the root loader, for absolute canonical and Open Graph URLs. */
function originOf(args: MetaArgs) {
  return rootDataOf(args)?.origin ?? "";
}

/** The school's settings as the root loader read them, for meta functions (components use useSiteSettings). */
export function siteSettingsOf(args: MetaArgs): SiteSettings {
  return rootDataOf(args)?.settings ?? DEFAULT_SITE_SETTINGS;
}

/** "Page | School name": the title of a page that needs no description (errors, the admin). */
export function siteTitle(args: MetaArgs, title: string) {
  return `${title} | ${siteSettingsOf(args).schoolName}`;
}

/** An admin page's title ("Blog | Admin | School name"), kept out of search engines. */
export function adminMeta(args: MetaArgs, title?: string): MetaDescriptor[] {
  return [{ title: siteTitle(args, title ? `${title} | Admin` : "Admin") }, { name: "robots", content: "noindex" }];
}

/** The blog feed, announced in the head of the blog's pages. */
export function blogFeedLink(args: MetaArgs): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${siteSettingsOf(args).schoolName} Blog`,
    href: "/blog/rss.xml",
  };
}

/**
 * Title, description, canonical URL and Open Graph/Twitter tags for one page.
 * `path` is the canonical path (e.g. "/courses" for /catalog too).
 */
export function pageMeta(
  args: MetaArgs,
  {
    title,
    description,
    path,
    image,
    type = "website",
    noIndex = false,
  }: { title: string; description: string; path: string; image?: string | null; type?: string; noIndex?: boolean },
): MetaDescriptor[] {
  const origin = originOf(args);
  const siteName = siteSettingsOf(args).schoolName;
  const url = `${origin}${path}`;
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const imageUrl = absoluteImageUrl(image, origin) ?? `${origin}/images/og-default.webp`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
