import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Launchpad Academy";

type MetaArgs = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** The site's public origin, from the root loader, for absolute canonical and Open Graph URLs. */
function originOf(args: MetaArgs) {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * Title, description, canonical URL and Open Graph/Twitter tags for one page.
 * `path` is the canonical path (e.g. "/courses" for /catalog too).
 */
export function pageMeta(
  args: MetaArgs,
  { title, description, path, image, type = "website", noIndex = false }: { title: string; description: string; path: string; image?: string | null; type?: string; noIndex?: boolean },
): MetaDescriptor[] {
  const origin = originOf(args);
  const url = `${origin}${path}`;
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const imageUrl = image ? (image.startsWith("http") ? image : `${origin}${image}`) : `${origin}/images/og-default.webp`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
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
