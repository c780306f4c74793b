import type { Route } from "./+types/page-preview";
import { PageSections } from "~/components/page-sections";
import { adminMeta } from "~/lib/seo";

export { loader } from "./page-preview.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Preview");

/** The draft in the site's header and footer, as it will look once published (the editor frames it at phone and desktop widths). */
export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const hasHero = sections.some((section) => section.kind === "hero");
  return (
    <>
      {hasHero ? null : (
        <div className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
        </div>
      )}
      <PageSections sections={sections} />
    </>
  );
}
