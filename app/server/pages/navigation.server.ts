import { and, asc, eq, sql } from "drizzle-orm";
import { NAVIGATION_AREAS, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type NavigationArea, type SocialNetwork } from "~/lib/domain-values";
import { DEFAULT_NAVIGATION, socialLinkProblem, type NavLink } from "~/lib/navigation";
import { db } from "~/server/db/client.server";
import { navigationLinks, pages, socialLinks } from "~/server/db/schema";

/**
 * The header's and footer's links and the social links (docs/decisions/052-make-it-yours.md).
 * An area the owner never saved shows the site's default links; a published page of theirs that
 * asked to be in the header (or the footer, under Company) joins its area at the end until the
 * owner places it. Writes empty the page cache through the tables' triggers (drizzle/0033).
 */

/** One link of an area as the editor shows it: `key` names it ("path:/blog" or "page:{id}"). */
export type NavigationItem = { key: string; to: string; label: string; defaultLabel: string; hidden: boolean };

export class NavigationError extends Error {
  constructor(readonly reason: "unknown-link") {
    super(`navigation: ${reason}`);
  }
}

const pageArea = (page: { inHeader: boolean; inFooter: boolean }): NavigationArea[] => [
  ...(page.inHeader ? (["header"] as const) : []),
  ...(page.inFooter ? (["footer_company"] as const) : []),
];

/** Every area's links in order, hidden ones included (the editor's view). */
export async function readNavigation(): Promise<Record<NavigationArea, NavigationItem[]>> {
  const [rows, linkable] = await Promise.all([
    db().select().from(navigationLinks).orderBy(asc(navigationLinks.area), asc(navigationLinks.position)),
    db()
      .select({ id: pages.id, slug: pages.slug, title: pages.title, inHeader: pages.inHeader, inFooter: pages.inFooter })
      .from(pages)
      .where(and(eq(pages.builtIn, false), sql`${pages.publishedAt} is not null`, sql`(${pages.inHeader} or ${pages.inFooter})`))
      .orderBy(asc(pages.title)),
  ]);
  const result = {} as Record<NavigationArea, NavigationItem[]>;
  for (const area of NAVIGATION_AREAS) {
    const available = new Map<string, { to: string; label: string }>();
    for (const link of DEFAULT_NAVIGATION[area]) available.set(`path:${link.to}`, link);
    for (const page of linkable)
      if (pageArea(page).includes(area)) available.set(`page:${page.id}`, { to: `/p/${page.slug}`, label: page.title });

    const saved = rows.filter((row) => row.area === area);
    const items: NavigationItem[] = [];
    const placed = new Set<string>();
    if (saved.length > 0) {
      for (const row of saved) {
        const key = row.pageId ? `page:${row.pageId}` : `path:${row.href}`;
        const link = available.get(key);
        if (!link || placed.has(key)) continue;
        placed.add(key);
        items.push({ key, to: link.to, label: row.label, defaultLabel: link.label, hidden: row.hidden });
      }
    }
    for (const [key, link] of available) {
      // Before the first save the defaults are the list; afterwards a default the owner removed
      // cannot be, since every save keeps every available link (hidden or not).
      if (placed.has(key)) continue;
      if (saved.length > 0 && key.startsWith("path:")) continue;
      items.push({ key, to: link.to, label: link.label, defaultLabel: link.label, hidden: false });
    }
    result[area] = items;
  }
  return result;
}

/** What visitors see: each area's shown links. */
export async function readPublicNavigation(): Promise<Record<NavigationArea, NavLink[]>> {
  const navigation = await readNavigation();
  return Object.fromEntries(
    NAVIGATION_AREAS.map((area) => [area, navigation[area].filter((item) => !item.hidden).map(({ to, label }) => ({ to, label }))]),
  ) as Record<NavigationArea, NavLink[]>;
}

/**
 * Saves one area's list as the owner arranged it: every link in `items`, in that order, with its
 * label and whether it is hidden. A key the area does not offer is refused; nothing is half-saved.
 */
export async function saveNavigationArea({
  area,
  items,
}: {
  area: NavigationArea;
  items: { key: string; label: string; hidden: boolean }[];
}) {
  const current = (await readNavigation())[area];
  const known = new Set(current.map((item) => item.key));
  if (items.some((item) => !known.has(item.key)) || new Set(items.map((item) => item.key)).size !== items.length) {
    throw new NavigationError("unknown-link");
  }
  // A link the form did not send keeps its place at the end (a page flagged meanwhile).
  const sent = new Set(items.map((item) => item.key));
  const all = [...items, ...current.filter((item) => !sent.has(item.key)).map(({ key, label, hidden }) => ({ key, label, hidden }))];
  await db().transaction(async (tx) => {
    await tx.delete(navigationLinks).where(eq(navigationLinks.area, area));
    await tx.insert(navigationLinks).values(
      all.map((item, index) => {
        const page = item.key.startsWith("page:");
        return {
          area,
          position: index + 1,
          href: page ? "" : item.key.slice("path:".length),
          pageId: page ? item.key.slice("page:".length) : null,
          label: item.label,
          hidden: item.hidden,
        };
      }),
    );
  });
}

export type SocialLink = { network: SocialNetwork; label: string; url: string };

/** The school's social links, in the networks' fixed order. Stored links are checked again when read. */
export async function listSocialLinks(): Promise<SocialLink[]> {
  const rows = await db().select().from(socialLinks);
  return SOCIAL_NETWORKS.flatMap((network) => {
    const row = rows.find((found) => found.network === network);
    const label = SOCIAL_NETWORK_LABELS[network];
    if (!row || socialLinkProblem(network, row.url, label)) return [];
    return [{ network, label, url: row.url }];
  });
}

/**
 * Replaces the social links: a network left empty is removed. Each address must be https on the
 * network's own site; the first problem found is returned per network and nothing is saved.
 */
export async function saveSocialLinks({ links }: { links: Partial<Record<SocialNetwork, string>> }) {
  const problems: Partial<Record<SocialNetwork, string>> = {};
  const keep: { network: SocialNetwork; url: string; position: number }[] = [];
  for (const [index, network] of SOCIAL_NETWORKS.entries()) {
    const url = (links[network] ?? "").trim();
    if (!url) continue;
    const problem = socialLinkProblem(network, url, SOCIAL_NETWORK_LABELS[network]);
    if (problem) problems[network] = problem;
    else keep.push({ network, url, position: index + 1 });
  }
  if (Object.keys(problems).length > 0) return { problems };
  await db().transaction(async (tx) => {
    await tx.delete(socialLinks);
    if (keep.length > 0) await tx.insert(socialLinks).values(keep);
  });
  return { problems: null };
}
