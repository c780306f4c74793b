import type { Route } from "./+types/refund";
import { LegalPage } from "~/components/marketing-legal";
import { formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";

export { loader } from "./refund.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Refund Policy",
    description:
      "Full refund of a course within 14 days of purchase if you've completed less than 30% of its lessons. Cancel the membership anytime.",
    path: "/refund",
  });

/** The refund policy: the owner's Markdown from Admin → Pages (the demo's text until they save theirs). */
export default function Refund({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title={loaderData.title}
      updated={`Last updated: ${formatLongDate(loaderData.updatedAt)}`}
      intro={loaderData.introHtml}
      sections={loaderData.sections}
    />
  );
}
