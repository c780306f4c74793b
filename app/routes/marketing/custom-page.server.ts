import { data } from "react-router";
import { preparePageSections } from "~/server/pages/page-view.server";
import { getPublishedPage } from "~/server/pages/pages.server";

/** One of the owner's pages at /p/{slug}: its published sections; a 404 until it is published. */
export async function loader({ params }: { params: { slug: string } }) {
  const found = await getPublishedPage({ slug: params.slug, builtIn: false });
  if (!found) throw data(null, { status: 404 });
  const { page, sections } = found;
  return { page: { slug: page.slug, title: page.title, description: page.description }, sections: await preparePageSections(sections) };
}
