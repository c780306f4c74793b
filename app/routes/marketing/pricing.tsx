import type { Route } from "./+types/pricing";
import { PageSections } from "~/components/page-sections";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { membershipOffer } from "~/lib/site-settings";

export { loader } from "./pricing.server";

/**
 * The pricing page: the owner's sections (Admin → Pages), with the plans' real prices. Its first
 * pricing section answers at #membership, where "Get All Courses" links.
 */
export const meta: Route.MetaFunction = (args) => {
  const offer = membershipOffer(siteSettingsOf(args));
  return pageMeta(args, {
    title: args.loaderData?.title ?? "Pricing",
    description:
      args.loaderData?.description ||
      `Buy individual courses with lifetime access, or get every course with the all-access membership: ${offer.monthlyPrice} per month (cancel anytime) or ${offer.yearlyPrice} per year${offer.yearlyDeal ? ` (${offer.yearlyDeal})` : ""}.`,
    path: "/pricing",
  });
};

export default function Pricing({ loaderData }: Route.ComponentProps) {
  return <PageSections sections={loaderData.sections} pricingAnchor="membership" />;
}
