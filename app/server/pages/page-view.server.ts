import type { BuiltInPage } from "~/lib/domain-values";
import { BUILT_IN_PAGE_DEFAULTS, fillTokens, readSectionContent, type PageTokens, type SectionOf } from "~/lib/page-sections";
import { getPublishedPage } from "~/server/pages/pages.server";
import { membershipOffer } from "~/lib/site-settings";
import { getFeaturedInstructor, listFeaturedCourses, type CourseCard } from "~/server/courses/course-cards.server";
import { renderMarkdown } from "~/server/markdown.server";
import { listHighlightedTestimonials, type TestimonialCard } from "~/server/marketing/marketing.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * A section as the page shows it: the owner's text with {tokens} filled from Settings, Markdown
 * turned into sanitised HTML by the site's one pipeline, and the rows a kind reads (courses,
 * testimonials, the instructor) fetched. What the loader returns is what the browser gets.
 */
export type SectionView =
  | Exclude<SectionOf, { kind: "featured_courses" | "testimonials" | "instructor" | "faq" | "rich_text" | "image_text" }>
  | (SectionOf<"featured_courses"> & { courses: CourseCard[] })
  | (SectionOf<"testimonials"> & { testimonials: TestimonialCard[] })
  | (SectionOf<"instructor"> & { instructor: { name: string; headline: string | null; bio: string | null } | null })
  | (SectionOf<"faq"> & { noteHtml: string })
  | (SectionOf<"rich_text"> & { html: string })
  | (SectionOf<"image_text"> & { html: string });

async function readTokens(): Promise<PageTokens> {
  const settings = await getSiteSettings();
  const offer = membershipOffer(settings);
  return { school: settings.schoolName, monthlyPrice: offer.monthlyPrice, yearlyPrice: offer.yearlyPrice, yearlyDeal: offer.yearlyDeal };
}

export async function preparePageSections(sections: SectionOf[]): Promise<SectionView[]> {
  const tokens = await readTokens();
  return Promise.all(sections.map((section) => prepareSection(section, tokens)));
}

/**
 * A built-in page (home, about) as visitors see it: the owner's published sections, or the
 * defaults while the school has none; its title, and its description with {tokens} filled.
 */
export async function readBuiltInPage(slug: BuiltInPage) {
  const found = await getPublishedPage({ slug, builtIn: true });
  const defaults = BUILT_IN_PAGE_DEFAULTS[slug];
  const sections =
    found?.sections ??
    defaults.sections.map(
      (section, index) =>
        ({
          id: `default-${index}`,
          kind: section.kind,
          hidden: false,
          content: readSectionContent(section.kind, section.content),
        }) as SectionOf,
    );
  const tokens = await readTokens();
  return {
    title: found?.page.title ?? defaults.title,
    description: fillTokens(found?.page.description ?? "", tokens),
    sections: await Promise.all(sections.map((section) => prepareSection(section, tokens))),
  };
}

async function prepareSection(section: SectionOf, tokens: PageTokens): Promise<SectionView> {
  const fill = (text: string) => fillTokens(text, tokens);
  switch (section.kind) {
    case "hero":
      return {
        ...section,
        content: {
          ...section.content,
          eyebrow: fill(section.content.eyebrow),
          headline: fill(section.content.headline),
          text: fill(section.content.text),
        },
      };
    case "benefits":
      return {
        ...section,
        content: {
          ...section.content,
          title: fill(section.content.title),
          intro: fill(section.content.intro),
          items: section.content.items.map((item) => ({ ...item, text: fill(item.text) })),
        },
      };
    case "pricing":
      return { ...section, content: { ...section.content, intro: fill(section.content.intro) } };
    case "faq":
      return {
        ...section,
        content: {
          ...section.content,
          items: section.content.items.map((item) => ({ question: fill(item.question), answer: fill(item.answer) })),
        },
        noteHtml: section.content.noteMd ? (await renderMarkdown(section.content.noteMd)).html : "",
      };
    case "featured_courses":
      return { ...section, courses: await listFeaturedCourses({ limit: section.content.limit }) };
    case "testimonials":
      return { ...section, testimonials: await listHighlightedTestimonials({ limit: section.content.limit }) };
    case "instructor":
      return { ...section, instructor: await getFeaturedInstructor() };
    case "rich_text":
      return { ...section, html: (await renderMarkdown(section.content.markdown)).html };
    case "image_text":
      return { ...section, html: (await renderMarkdown(section.content.textMd)).html };
    default:
      return section;
  }
}
