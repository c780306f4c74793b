import type { Route } from "./+types/custom-page";
import { PageSections } from "~/components/page-sections";
import { pageMeta } from "~/lib/seo";

export { loader } from "./custom-page.server";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: args.loaderData.page.title,
        description: args.loaderData.page.description,
        path: `/p/${args.loaderData.page.slug}`,
      })
    : [];

/** A page the owner built in Admin → Pages. Without a hero, its title is the page's heading. */
export default function CustomPage({ loaderData }: Route.ComponentProps) {
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
