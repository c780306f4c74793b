import { MessageSquareQuote } from "lucide-react";
import { useState } from "react";

import type { Route } from "./+types/testimonials";
import { CategoryPills, FilterResults, SearchSortForm } from "~/components/marketing-filters";
import { TESTIMONIAL_SORT_LABELS } from "~/lib/marketing-filters";
import { PageHero } from "~/components/marketing-page-hero";
import { TestimonialCard } from "~/components/marketing-testimonial-card";
import { NewsletterForm } from "~/components/newsletter-form";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

import { MarketingCtaBanner } from "~/components/marketing-cta-banner";
export { loader } from "./testimonials.server";

/** "4.9 average from 8 testimonials", from the rows; nothing when there are none yet. */
function summaryText(summary: { count: number; average: string | null } | undefined) {
  if (!summary?.count || !summary.average) return null;
  return `${summary.average} average from ${summary.count.toLocaleString("en-US")} ${summary.count === 1 ? "testimonial" : "testimonials"}`;
}

export const meta: Route.MetaFunction = (args) => {
  const summary = summaryText(args.loaderData?.summary);
  return pageMeta(args, {
    title: "Testimonials",
    description: `What learners say about ${siteSettingsOf(args).schoolName}'s courses and playbooks${summary ? `: ${summary}` : ""}.`,
    path: "/testimonials",
  });
};

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { filters, testimonials } = loaderData;
  const summary = summaryText(loaderData.summary);
  // One card open at a time: opening another closes the previous one.
  const [expandedId, setExpandedId] = useState<string | null>(null);

  return (
    <>
      <PageHero dark eyebrow="Testimonials" title="Real results from real store owners">
        <p>{summary ? `${summary}. ` : ""}Here is what learners have to say about the courses and playbooks.</p>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6">
          <CategoryPills label="Testimonial categories" filters={filters} pathname="/testimonials" variant="tabs" />
          <SearchSortForm
            filters={filters}
            sortOptions={TESTIMONIAL_SORT_LABELS}
            searchLabel="Search testimonials"
            searchPlaceholder="Search by name, role or words in the review"
            debounceMs={150}
          />
        </div>
        <FilterResults
          count={testimonials.length}
          noun={["testimonial", "testimonials"]}
          pathname="/testimonials"
          emptyIcon={<MessageSquareQuote />}
          emptyTitle="No testimonials found matching your criteria."
        >
          <ul className="mt-6 grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Testimonials">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard
                  testimonial={testimonial}
                  headingLevel="h2"
                  expanded={expandedId === testimonial.id}
                  onToggle={() => setExpandedId((current) => (current === testimonial.id ? null : testimonial.id))}
                />
              </li>
            ))}
          </ul>
        </FilterResults>
      </div>

      <section aria-labelledby="testimonials-newsletter-heading" className="mx-auto mt-8 max-w-7xl px-4 sm:px-6">
        <div className="grid gap-8 rounded-2xl border bg-muted p-6 sm:p-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="testimonials-newsletter-heading" className="text-2xl font-bold tracking-tight">
              Get Playbooks
            </h2>
            <p className="mt-2 text-muted-foreground">
              The checklists and prompts our learners rave about, in your inbox about twice a month. Free, and easy to leave.
            </p>
          </div>
          <NewsletterForm formId="testimonials" />
        </div>
      </section>

      <MarketingCtaBanner
        id="testimonials-cta-heading"
        title="Write the next success story"
        text="Start with one course, or get every course with the all-access membership."
        secondary={{ to: "/pricing#membership", label: "Join the membership" }}
        className="mt-12"
      />
    </>
  );
}
