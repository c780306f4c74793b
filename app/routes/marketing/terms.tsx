import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/marketing-legal";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader } from "./terms.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: `The terms for using ${siteSettingsOf(args).schoolName}: accounts, course purchases, the all-access membership, acceptable use and content ownership.`,
    path: "/terms",
  });

/** The terms of service: the owner's Markdown from Admin → Pages (the demo's text until they save theirs). */
export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title={loaderData.title}
      updated={`Last updated: ${formatLongDate(loaderData.updatedAt)}`}
      intro={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
