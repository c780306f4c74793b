import type { Route } from "./+types/about";
import { PageSections } from "~/components/page-sections";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader } from "./about.server";

/** The owner's about page: its sections (Admin → Pages) and the description they gave it for search engines. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.title ?? "About",
    description: args.loaderData?.description || siteSettingsOf(args).tagline,
    path: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <PageSections sections={loaderData.sections} />;
}
