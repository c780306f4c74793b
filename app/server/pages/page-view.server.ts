import { fillTokens, type PageTokens, type SectionOf } from "~/lib/page-sections";
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

export async function preparePageSections(sections: SectionOf[]): Promise<SectionView[]> {
  const settings = await getSiteSettings();
  const offer = membershipOffer(settings);
  const tokens: PageTokens = {
    school: settings.schoolName,
    monthlyPrice: offer.monthlyPrice,
    yearlyPrice: offer.yearlyPrice,
    yearlyDeal: offer.yearlyDeal,
  };
  return Promise.all(sections.map((section) => prepareSection(section, tokens)));
}

async function prepareSection(section: SectionOf, tokens: PageTokens): Promise<SectionView> {
  const fill = (text: string) => fillTokens(text, tokens);
  switch (section.kind) {
    case "hero":
      return { ...section, content: { ...section.content, headline: fill(section.content.headline), text: fill(section.content.text) } };
    case "benefits":
      return { ...section, content: { ...section.content, title: fill(section.content.title), intro: fill(section.content.intro) } };
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
