import { DEFAULT_HOME_SECTIONS, readSectionContent, type SectionOf } from "~/lib/page-sections";
import { preparePageSections } from "~/server/pages/page-view.server";
import { getPublishedPage } from "~/server/pages/pages.server";

/** The home page as the owner published it, or the default sections while they have none. */
export async function loader() {
  const home = await getPublishedPage({ slug: "home", builtIn: true });
  const sections = home?.sections ?? defaultSections();
  return { description: home?.page.description ?? "", sections: await preparePageSections(sections) };
}

function defaultSections(): SectionOf[] {
  return DEFAULT_HOME_SECTIONS.map(
    (section, index) =>
      ({
        id: `default-${index}`,
        kind: section.kind,
        hidden: false,
        content: readSectionContent(section.kind, section.content),
      }) as SectionOf,
  );
}
