import { eq } from "drizzle-orm";
import { LEGAL_PAGES, type LegalPageSlug } from "~/lib/domain-values";
import { fillTokens } from "~/lib/page-sections";
import { membershipOffer } from "~/lib/site-settings";
import { db } from "~/server/db/client.server";
import { legalPages } from "~/server/db/schema";
import { renderMarkdown } from "~/server/markdown.server";
import { DEMO_LEGAL_TEXTS } from "~/server/pages/legal-texts.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * The legal pages (docs/decisions/052-make-it-yours.md): Markdown the owner edits in Admin → Pages,
 * shown through the site's one sanitising pipeline. A page without a row shows the demo's text,
 * dated as the demo always was; a save that changes the text moves the "Last updated" date, a save
 * that does not leaves it.
 */

export const LEGAL_PAGE_TITLES: Record<LegalPageSlug, string> = {
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  refund: "Refund Policy",
};

/** The date the demo's texts have always carried (the spec's 'Last updated: January 1, 2024'). */
export const DEMO_LEGAL_DATE = new Date("2024-01-01T00:00:00Z");

export const LEGAL_MARKDOWN_MAX = 100_000;

/** Line endings and trailing spaces are not a change of text: a save from a browser sends \r\n. */
const normalised = (markdown: string) => markdown.replaceAll("\r\n", "\n").trim();

export async function getLegalPage({ slug }: { slug: LegalPageSlug }) {
  const [row] = await db().select().from(legalPages).where(eq(legalPages.slug, slug));
  const markdown = row?.markdown ?? DEMO_LEGAL_TEXTS[slug];
  return {
    slug,
    title: LEGAL_PAGE_TITLES[slug],
    markdown,
    updatedAt: row?.textChangedAt ?? DEMO_LEGAL_DATE,
    holdsDemoText: normalised(markdown) === normalised(DEMO_LEGAL_TEXTS[slug]),
  };
}

/** The three legal pages, for Admin → Pages and the dashboard. */
export async function listLegalPages() {
  const rows = await db().select().from(legalPages);
  return LEGAL_PAGES.map((slug) => {
    const row = rows.find((found) => found.slug === slug);
    const markdown = row?.markdown ?? DEMO_LEGAL_TEXTS[slug];
    return {
      slug,
      title: LEGAL_PAGE_TITLES[slug],
      updatedAt: row?.textChangedAt ?? DEMO_LEGAL_DATE,
      holdsDemoText: normalised(markdown) === normalised(DEMO_LEGAL_TEXTS[slug]),
    };
  });
}

/**
 * Saves a legal page's text. The date moves to `now` only when the text differs from what the page
 * showed (the demo's text when there was no row); saving the same text changes nothing.
 * Returns whether the text changed.
 */
export async function saveLegalPage({ slug, markdown, now = new Date() }: { slug: LegalPageSlug; markdown: string; now?: Date }) {
  const text = normalised(markdown);
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(legalPages).where(eq(legalPages.slug, slug)).for("update");
    const before = row?.markdown ?? DEMO_LEGAL_TEXTS[slug];
    if (normalised(before) === text) return { changed: false };
    await tx
      .insert(legalPages)
      .values({ slug, markdown: text, textChangedAt: now })
      .onConflictDoUpdate({ target: legalPages.slug, set: { markdown: text, textChangedAt: now, updatedAt: now } });
    return { changed: true };
  });
}

export type LegalSectionView = { id: string; title: string; html: string };

/** A heading's anchor, as rehype-slug would make it; repeated titles get -1, -2… */
function anchorFor(title: string, taken: Map<string, number>) {
  const base =
    title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .trim()
      .replace(/\s+/g, "-") || "section";
  const seen = taken.get(base) ?? 0;
  taken.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

/**
 * Splits the Markdown at its `## ` headings (outside code fences): the text before the first is the
 * introduction, each heading a numbered section. Every part goes through the one pipeline.
 */
export async function renderLegalMarkdown(markdown: string) {
  const parts: { title: string | null; lines: string[] }[] = [{ title: null, lines: [] }];
  let fenced = false;
  for (const line of markdown.replaceAll("\r\n", "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) parts.push({ title: heading[1], lines: [] });
    else parts[parts.length - 1].lines.push(line);
  }
  const taken = new Map<string, number>();
  const [intro, ...sections] = parts;
  return {
    introHtml: (await renderMarkdown(intro.lines.join("\n"))).html,
    sections: await Promise.all(
      sections.map(async (section): Promise<LegalSectionView> => {
        // The title is plain text (React escapes it); Markdown marks in it are dropped.
        const title = (section.title ?? "").replace(/[*_`]/g, "");
        return { id: anchorFor(title, taken), title, html: (await renderMarkdown(section.lines.join("\n"))).html };
      }),
    ),
  };
}

/** A legal page as visitors see it: its sections rendered, {school} and the prices filled from Settings. */
export async function readLegalPageView({ slug }: { slug: LegalPageSlug }) {
  const [page, settings] = await Promise.all([getLegalPage({ slug }), getSiteSettings()]);
  const offer = membershipOffer(settings);
  const markdown = fillTokens(page.markdown, {
    school: settings.schoolName,
    monthlyPrice: offer.monthlyPrice,
    yearlyPrice: offer.yearlyPrice,
    yearlyDeal: offer.yearlyDeal,
  });
  return { title: page.title, updatedAt: page.updatedAt, ...(await renderLegalMarkdown(markdown)) };
}
