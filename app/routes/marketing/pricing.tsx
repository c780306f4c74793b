import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { PageHero } from "~/components/marketing-page-hero";
import { ComparisonTable, PlanCards } from "~/components/marketing-pricing";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { membershipOffer } from "~/lib/site-settings";

export const meta: Route.MetaFunction = (args) => {
  const offer = membershipOffer(siteSettingsOf(args));
  return pageMeta(args, {
    title: "Pricing",
    description: `Buy individual courses with lifetime access, or get every course with the all-access membership: ${offer.monthlyPrice} per month (cancel anytime) or ${offer.yearlyPrice} per year${offer.yearlyDeal ? ` (${offer.yearlyDeal})` : ""}.`,
    path: "/pricing",
  });
};

export default function Pricing() {
  const offer = membershipOffer(useSiteSettings());
  return (
    <>
      <PageHero eyebrow="Pricing" title="Simple pricing, no surprises">
        <p>
          Buy the course you need today, or join the all-access membership and get every course, file and live session. Courses are priced
          in USD and every purchase comes with a 14-day refund window.
        </p>
      </PageHero>

      <section aria-labelledby="options-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="options-heading" className="text-3xl font-bold tracking-tight">
          Individual courses vs. all-access membership
        </h2>
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-semibold">Individual courses</h3>
            <p className="mt-2 text-muted-foreground">
              Pay once for a single course ({offer.coursePrice} for a typical course) and keep it for life, with every lesson, file and
              future update of that course.
            </p>
            <Button asChild variant="outline" className="mt-6">
              <Link to="/courses">Browse courses</Link>
            </Button>
          </div>
          <div className="rounded-2xl border border-primary bg-card p-6 shadow-sm ring-2 ring-primary sm:p-8">
            <h3 className="text-xl font-semibold">All-access membership</h3>
            <p className="mt-2 text-muted-foreground">
              {offer.monthlyPrice} per month, cancel anytime, or {offer.yearlyPrice} per year
              {offer.yearlyDeal ? ` (${offer.yearlyDeal})` : ""}. Every course, including new releases, plus weekly live Q&amp;A and
              priority support.
            </p>
            <Button asChild className="mt-6">
              <a href="#membership">See membership plans</a>
            </Button>
          </div>
        </div>
      </section>

      <section id="membership" aria-labelledby="membership-heading" className="scroll-mt-20 bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="membership-heading" className="text-3xl font-bold tracking-tight">
            Choose your plan
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Membership renews automatically until you cancel. Cancel anytime from your account.
          </p>
          <div className="mt-10">
            <PlanCards />
          </div>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <h2 id="compare-heading" className="text-3xl font-bold tracking-tight">
          Compare features
        </h2>
        <div className="mt-6 rounded-xl border bg-card p-4 sm:p-6">
          <ComparisonTable />
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          Questions about billing? Read the{" "}
          <Link to="/refund" className="font-semibold text-primary hover:underline">
            refund policy
          </Link>
          , the{" "}
          <Link to="/#faq" className="font-semibold text-primary hover:underline">
            FAQ
          </Link>{" "}
          or{" "}
          <Link to="/contact" className="font-semibold text-primary hover:underline">
            contact us
          </Link>
          .
        </p>
      </section>
    </>
  );
}
