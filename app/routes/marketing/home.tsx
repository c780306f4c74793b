import { Clock, GraduationCap, LifeBuoy, Sparkles } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { CourseCard } from "~/components/course-card";
import { FrameworkGrid } from "~/components/marketing-framework";
import { ComparisonTable, PlanCards } from "~/components/marketing-pricing";
import { TestimonialCard } from "~/components/marketing-testimonial-card";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { useNonce } from "~/lib/nonce";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { membershipOffer, type MembershipOffer } from "~/lib/site-settings";
export { loader } from "./home.server";

const DESCRIPTION =
  "Practical, project-based courses on Shopify, AI prompting, automation and no-code apps. Rated 4.9 on average by 12,000+ learners.";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: siteSettingsOf(args).schoolName, description: DESCRIPTION, path: "/" });

const STATS = [
  { value: "4.9", label: "average rating" },
  { value: "12,000+", label: "learners" },
  { value: "150+", label: "lessons" },
  { value: "20+", label: "hours saved" },
];

const BENEFITS = [
  {
    icon: GraduationCap,
    title: "Learn by building",
    text: "Every lesson ends with something real: a store page, a prompt library, a working automation. You finish a course with results, not notes.",
  },
  {
    icon: Clock,
    title: "Save 20+ hours",
    text: "Learners save 20+ hours on average by handing copywriting, support replies and order admin to ChatGPT and n8n.",
  },
  {
    icon: LifeBuoy,
    title: "Help when you're stuck",
    text: "Ask a question on any lesson and a real person answers within 24-48 hours. Members also get a weekly live Q&A.",
  },
];

const faqsFor = (offer: MembershipOffer) => [
  {
    question: "What does the all-access membership include?",
    answer: `Every course in the catalog, including new releases, all files, templates and playbooks, the weekly live Q&A, priority support and early access to new courses. It costs ${offer.monthlyPrice} per month, or ${offer.yearlyPrice} per year${offer.yearlyDeal ? ` (${offer.yearlyDeal})` : ""}.`,
  },
  {
    question: "Can I cancel the membership anytime?",
    answer:
      "Yes. Cancel from your account in two clicks. You keep access until the end of the period you've paid for, and you won't be charged again.",
  },
  {
    question: "Do I keep a course I buy on its own?",
    answer:
      "Yes. An individual course is a one-time payment with lifetime access to its lessons and files, including future updates to that course.",
  },
  {
    question: "What is your refund policy?",
    answer:
      "If a course isn't right for you, ask for a full refund within 14 days of purchase, as long as you've completed less than 30% of its lessons. Memberships can be cancelled anytime; see the refund policy for details.",
  },
  {
    question: "Do I need any experience?",
    answer:
      "No. Beginner courses start from an empty Shopify account and a blank ChatGPT window. Intermediate and advanced courses say what they expect you to know first.",
  },
  {
    question: "How quickly does support reply?",
    answer: "We answer every email within 24-48 hours, usually sooner. Members' questions are answered first.",
  },
];

/** Organization structured data for search engines; the nonce lets it through the CSP. */
function OrganizationJsonLd() {
  const nonce = useNonce();
  const { schoolName, logoUrl, supportEmail } = useSiteSettings();
  const origin = useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: schoolName,
    url: `${origin}/`,
    ...(logoUrl ? { logo: logoUrl.startsWith("https://") ? logoUrl : `${origin}${logoUrl}` } : {}),
    description: DESCRIPTION,
    email: supportEmail,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: supportEmail, availableLanguage: "English" },
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // JSON.stringify output cannot close the script element once "<" is escaped.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }}
    />
  );
}

function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: string; intro?: string }) {
  return (
    <div className="max-w-2xl">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-muted-foreground">{intro}</p> : null}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, testimonials, instructor } = loaderData;
  const settings = useSiteSettings();
  const offer = membershipOffer(settings);
  return (
    <>
      <OrganizationJsonLd />
      <section className="bg-hero text-hero-foreground" aria-labelledby="hero-heading">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-24">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold tracking-widest text-warm uppercase">
              <Sparkles aria-hidden="true" className="size-4" />
              4.9 average from 12,000+ learners
            </p>
            <h1 id="hero-heading" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
              Build the store, the prompts and the automations that run your business.
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-hero-foreground/85">
              150+ practical lessons on Shopify, ChatGPT and n8n, taught by an operator who has done it. Learners report 20+ hours saved.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg" variant="warm">
                <Link to="/courses">Browse courses</Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-hero-foreground/40 bg-transparent text-hero-foreground hover:bg-hero-foreground/10"
              >
                <Link to="/pricing#membership">See membership</Link>
              </Button>
            </div>
            <dl className="mt-12 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
              {STATS.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse">
                  <dt className="text-sm text-hero-foreground/80">{stat.label}</dt>
                  <dd className="text-3xl font-bold">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          {/* Hidden below lg and lazy, so phones never download it. */}
          <div aria-hidden="true" className="relative hidden lg:block">
            <img
              src="/images/demo/instructor.webp"
              alt=""
              width={800}
              height={960}
              decoding="async"
              className="aspect-[5/6] w-full rounded-3xl object-cover shadow-2xl ring-1 ring-hero-foreground/10"
            />
            <div className="absolute -top-6 -left-6 rounded-2xl bg-background p-4 text-foreground shadow-xl">
              <p className="text-2xl font-bold">4.9 ★</p>
              <p className="text-sm text-muted-foreground">from 12,000+ learners</p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="benefits-heading" className="sr-only">
          Why learners choose {settings.schoolName}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <benefit.icon className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
            Featured courses
          </h2>
          <Link to="/courses" className="text-sm font-semibold text-primary hover:underline">
            View all courses
          </Link>
        </div>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {featured.map((course, index) => (
            <CourseCard key={course.id} course={course} priority={index === 0} />
          ))}
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-heading" className="bg-muted">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <SectionHeading
                id="testimonials-heading"
                eyebrow="Testimonials"
                title="What learners say"
                intro="4.9 average from 12,000+ learners."
              />
              <Link to="/testimonials" className="text-sm font-semibold text-primary hover:underline">
                Read all testimonials
              </Link>
            </div>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {instructor ? (
        <section aria-labelledby="instructor-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="grid items-center gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <img
              src="/images/demo/instructor.webp"
              alt={`Portrait of ${instructor.name}`}
              width={800}
              height={960}
              loading="lazy"
              decoding="async"
              className="mx-auto aspect-[5/6] w-full max-w-sm rounded-2xl object-cover shadow-md"
            />
            <div>
              <p className="text-sm font-semibold tracking-wide text-primary uppercase">Meet the instructor</p>
              <h2 id="instructor-heading" className="mt-2 text-3xl font-bold tracking-tight">
                {instructor.name}
              </h2>
              {instructor.headline ? <p className="mt-2 font-medium text-muted-foreground">{instructor.headline}</p> : null}
              {instructor.bio ? <p className="mt-6 leading-relaxed">{instructor.bio}</p> : null}
              <Button asChild variant="outline" className="mt-8">
                <Link to="/about">More about us</Link>
              </Button>
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="framework-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <SectionHeading
            id="framework-heading"
            eyebrow="The framework"
            title="Five pillars, one weekly rhythm"
            intro="Every course fits into the same framework, so what you learn in one carries straight into the next."
          />
          <div className="mt-8">
            <FrameworkGrid />
          </div>
        </div>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="One course, or all of them"
          intro={`Buy a single course with lifetime access, or join the all-access membership: ${offer.monthlyPrice} per month, cancel anytime, or ${offer.yearlyPrice} per year${offer.yearlyDeal ? ` (${offer.yearlyDeal})` : ""}.`}
        />
        <div className="mt-10">
          <PlanCards />
        </div>
        <div className="mt-10 rounded-xl border bg-card p-4 sm:p-6">
          <h3 className="mb-2 text-lg font-semibold">Compare what's included</h3>
          <ComparisonTable />
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl scroll-mt-20 px-4 py-16 sm:px-6">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently asked questions" />
        <Accordion className="mt-8">
          {faqsFor(offer).map((faq, index) => (
            <AccordionItem key={faq.question} value={`faq-${index}`}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-8 text-sm text-muted-foreground">
          Still have a question?{" "}
          <Link to="/contact" className="font-semibold text-primary hover:underline">
            Contact us
          </Link>{" "}
          and we'll reply within 24-48 hours.
        </p>
      </section>
    </>
  );
}
