import type { Route } from "./+types/about";
import { FrameworkGrid } from "~/components/marketing-framework";
import { PageHero } from "~/components/marketing-page-hero";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { useSiteSettings } from "~/components/use-site-settings";
import { MarketingCtaBanner } from "~/components/marketing-cta-banner";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About",
    description: `${siteSettingsOf(args).schoolName} teaches store owners to build on Shopify, work with ChatGPT and automate the busywork, with a five-pillar framework refined since 2013.`,
    path: "/about",
  });

const timelineFor = (schoolName: string) => [
  {
    year: "2013",
    title: "The first store",
    text: "Maya opens a Shopify store selling hand-dyed linen napkins from a spare bedroom. The first month brings eleven orders.",
  },
  {
    year: "2015",
    title: "A second brand",
    text: "A homewares brand follows. Writing every process down, so someone else can run it, becomes a habit.",
  },
  {
    year: "2017",
    title: "Fulfillment for others",
    text: "A small fulfillment service starts packing orders for a dozen neighbouring brands, and the order admin piles up.",
  },
  {
    year: "2019",
    title: "Automate the boring parts",
    text: "Spreadsheets and scripts replace hours of copy-and-paste each week. Both stores are later sold.",
  },
  {
    year: "2023",
    title: "ChatGPT joins the toolbox",
    text: `Prompts start drafting product copy and support replies. ${schoolName} opens with Shopify 101.`,
  },
  {
    year: "2024",
    title: "Courses and playbooks",
    text: "Courses on prompting, automation and custom GPTs follow, with playbooks for the jobs that come up every week.",
  },
  {
    year: "Now",
    title: "12,000+ learners",
    text: "Learners rate the courses 4.9 on average, and the five-pillar framework ties every course together.",
  },
];

const VALUES = [
  { title: "Build simply", text: "The smallest setup that works beats the perfect one you never launch." },
  { title: "Measure honestly", text: "Five numbers, checked weekly, tell you more than any dashboard of fifty." },
  { title: "Ship every week", text: "Progress comes from small releases, not from waiting until you feel ready." },
];

export default function About() {
  const { schoolName } = useSiteSettings();
  return (
    <>
      <PageHero dark eyebrow={`About ${schoolName}`} title="We teach what we wished someone had taught us">
        <p>
          {schoolName} is run by store owners, not theorists. Since 2013 we have built, grown and sold Shopify stores, and we now teach the
          methods that worked: simple stores, useful AI and automations that give you your evenings back.
        </p>
      </PageHero>

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="values-heading" className="text-3xl font-bold tracking-tight">
          What we believe
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="framework-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="framework-heading" className="text-3xl font-bold tracking-tight">
            The five-pillar framework
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Shopify, ChatGPT, Automation, Launch and Execution: every course builds one pillar, and together they make a business that runs
            without you doing everything by hand.
          </p>
          <div className="mt-8">
            <FrameworkGrid />
          </div>
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="timeline-heading" className="text-3xl font-bold tracking-tight">
          From 2013 to now
        </h2>
        <ol className="mt-10 space-y-8 border-l-2 border-primary/30 pl-6">
          {timelineFor(schoolName).map((entry) => (
            <li key={entry.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-background bg-primary"
              />
              <p className="text-sm font-bold text-primary">{entry.year}</p>
              <h3 className="mt-1 text-lg font-semibold">{entry.title}</h3>
              <p className="mt-1 text-muted-foreground">{entry.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <MarketingCtaBanner
        id="about-cta-heading"
        title="Ready to build yours?"
        text="Start with one course, or get them all with the membership."
        secondary={{ to: "/pricing", label: "See pricing" }}
      />
    </>
  );
}
