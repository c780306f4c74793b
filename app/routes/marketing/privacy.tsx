import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/marketing-legal";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader } from "./privacy.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: `What information ${siteSettingsOf(args).schoolName} collects, how we use and protect it, who we share it with, and the rights you have over it.`,
    path: "/privacy",
  });

/** The privacy policy: the owner's Markdown from Admin → Pages (the demo's text until they save theirs). */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title={loaderData.title}
      updated={`Last updated: ${formatLongDate(loaderData.updatedAt)}`}
      intro={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
