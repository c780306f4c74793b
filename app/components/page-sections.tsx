import { Bot, Check, Clock, GraduationCap, LifeBuoy, Rocket, ShoppingBag, Sparkles, Target, Workflow } from "lucide-react";
import { Link } from "react-router";
import { CourseCard } from "~/components/course-card";
import { ComparisonTable, PlanCards } from "~/components/marketing-pricing";
import { TestimonialCard } from "~/components/marketing-testimonial-card";
import { Prose } from "~/components/prose";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { imageSrc } from "~/lib/image-url";
import type { BENEFIT_ICONS } from "~/lib/page-sections";
import { isSafeLink } from "~/lib/safe-link";
import { cn } from "~/lib/utils";
import type { SectionView } from "~/server/pages/page-view.server";

/**
 * A page built from sections (docs/decisions/046-pages-from-sections.md), as visitors see it and
 * as the editor's preview shows it. Every word is the owner's, rendered as text; Markdown fields
 * arrive as HTML from the site's one sanitising pipeline.
 */
export function PageSections({
  sections,
  pricingAnchor = "pricing",
}: {
  sections: SectionView[];
  /** The first pricing section's anchor: #pricing on the home page, #membership on /pricing (the spec's links). */
  pricingAnchor?: string;
}) {
  const anchored = new Set<string>();
  let heroSeen = false;
  return (
    <>
      {sections.map((section) => {
        // The first pricing and FAQ sections keep the #pricing and #faq anchors other pages link to.
        const first = (section.kind === "pricing" || section.kind === "faq") && !anchored.has(section.kind);
        if (first) anchored.add(section.kind);
        const anchor = first ? (section.kind === "pricing" ? pricingAnchor : section.kind) : undefined;
        const firstHero = section.kind === "hero" && !heroSeen;
        if (section.kind === "hero") heroSeen = true;
        return <Section key={section.id} section={section} anchor={anchor} firstHero={firstHero} />;
      })}
    </>
  );
}

const ICONS: Record<Exclude<(typeof BENEFIT_ICONS)[number], "none">, typeof Check> = {
  graduation: GraduationCap,
  clock: Clock,
  support: LifeBuoy,
  sparkles: Sparkles,
  store: ShoppingBag,
  bot: Bot,
  workflow: Workflow,
  rocket: Rocket,
  target: Target,
  check: Check,
};

/** A link the owner typed: a site path through the router, anything else (checked safe when saved, again here) as a plain anchor. */
function OwnerLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  if (!isSafeLink(href)) return <span className={className}>{children}</span>;
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel={href.startsWith("http") ? "noopener" : undefined}>
      {children}
    </a>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  hidden,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  hidden?: boolean;
}) {
  if (hidden) {
    return (
      <h2 id={id} className="sr-only">
        {title}
      </h2>
    );
  }
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

function Section({ section, anchor, firstHero }: { section: SectionView; anchor?: string; firstHero: boolean }) {
  const headingId = `section-${section.id}`;
  switch (section.kind) {
    case "hero": {
      const { content } = section;
      const Heading = firstHero ? "h1" : "h2";
      const image = imageSrc(content.imageUrl);
      return (
        <section className="bg-hero text-hero-foreground" aria-labelledby={headingId}>
          <div
            className={cn(
              "mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:py-24",
              image && "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
            )}
          >
            <div>
              {content.eyebrow ? (
                <p className="flex items-center gap-2 text-sm font-semibold tracking-widest text-warm uppercase">
                  <Sparkles aria-hidden="true" className="size-4" />
                  {content.eyebrow}
                </p>
              ) : null}
              <Heading id={headingId} className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
                {content.headline}
              </Heading>
              {content.text ? <p className="mt-6 max-w-2xl text-lg text-hero-foreground/85">{content.text}</p> : null}
              {content.primaryLabel || content.secondaryLabel ? (
                <div className="mt-8 flex flex-wrap gap-3">
                  {content.primaryLabel ? (
                    <Button asChild size="lg" variant="warm">
                      <OwnerLink href={content.primaryHref}>{content.primaryLabel}</OwnerLink>
                    </Button>
                  ) : null}
                  {content.secondaryLabel ? (
                    <Button
                      asChild
                      size="lg"
                      variant="outline"
                      className="border-hero-foreground/40 bg-transparent text-hero-foreground hover:bg-hero-foreground/10"
                    >
                      <OwnerLink href={content.secondaryHref}>{content.secondaryLabel}</OwnerLink>
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </div>
            {/* Hidden below lg, so phones never download it. */}
            {image ? (
              <div className="relative hidden lg:block">
                <img
                  src={image}
                  alt={content.imageAlt}
                  width={800}
                  height={960}
                  decoding="async"
                  className="aspect-[5/6] w-full rounded-3xl object-cover shadow-2xl ring-1 ring-hero-foreground/10"
                />
                {content.badgeValue ? (
                  <div aria-hidden="true" className="absolute -top-6 -left-6 rounded-2xl bg-background p-4 text-foreground shadow-xl">
                    <p className="text-2xl font-bold">{content.badgeValue}</p>
                    {content.badgeLabel ? <p className="text-sm text-muted-foreground">{content.badgeLabel}</p> : null}
                  </div>
                ) : null}
              </div>
            ) : null}
          </div>
        </section>
      );
    }
    case "figures":
      return (
        <section aria-labelledby={headingId} className="bg-hero text-hero-foreground">
          <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
            <h2 id={headingId} className={section.content.title ? "pt-8 text-2xl font-bold tracking-tight" : "sr-only"}>
              {section.content.title || "In figures"}
            </h2>
            <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
              {section.content.items.map((item, index) => (
                <div key={index} className="flex flex-col-reverse">
                  <dt className="text-sm text-hero-foreground/80">{item.label}</dt>
                  <dd className="text-3xl font-bold">{item.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      );
    case "benefits": {
      const { content } = section;
      if (content.timeline) {
        return (
          <section aria-labelledby={headingId} className={content.tinted ? "bg-muted" : undefined}>
            <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
              <SectionHeading
                id={headingId}
                eyebrow={content.eyebrow}
                title={content.title}
                intro={content.intro}
                hidden={content.titleHidden}
              />
              <ol className="mt-10 space-y-8 border-l-2 border-primary/30 pl-6">
                {content.items.map((item, index) => (
                  <li key={index} className="relative">
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-background bg-primary"
                    />
                    {item.label ? <p className="text-sm font-bold text-primary">{item.label}</p> : null}
                    <h3 className="mt-1 text-lg font-semibold">{item.title}</h3>
                    <p className="mt-1 text-muted-foreground">{item.text}</p>
                  </li>
                ))}
              </ol>
            </div>
          </section>
        );
      }
      const List = content.numbered ? "ol" : "ul";
      return (
        <section aria-labelledby={headingId} className={content.tinted ? "bg-muted" : undefined}>
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
            <SectionHeading
              id={headingId}
              eyebrow={content.eyebrow}
              title={content.title}
              intro={content.intro}
              hidden={content.titleHidden}
            />
            <List
              className={cn(
                "grid gap-6",
                content.items.length >= 5 ? "sm:grid-cols-2 lg:grid-cols-5" : "md:grid-cols-3",
                !content.titleHidden && "mt-8",
              )}
            >
              {content.items.map((item, index) => {
                const Icon = item.icon === "none" ? null : ICONS[item.icon];
                return (
                  <li key={index} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
                    {Icon || content.numbered ? (
                      <span className="mb-4 flex items-center justify-between">
                        {Icon ? (
                          <span
                            aria-hidden="true"
                            className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary"
                          >
                            <Icon className="size-5" />
                          </span>
                        ) : null}
                        {content.numbered ? (
                          <span className="text-sm font-semibold text-muted-foreground">
                            <span className="sr-only">Number </span>
                            {index + 1}
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                    {item.label ? <p className="text-sm font-bold text-primary">{item.label}</p> : null}
                    <h3 className="text-lg font-semibold">{item.title}</h3>
                    <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
                  </li>
                );
              })}
            </List>
          </div>
        </section>
      );
    }
    case "featured_courses":
      return (
        <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight">
              {section.content.title}
            </h2>
            {section.content.linkLabel ? (
              <OwnerLink href={section.content.linkHref} className="text-sm font-semibold text-primary hover:underline">
                {section.content.linkLabel}
              </OwnerLink>
            ) : null}
          </div>
          {section.courses.length > 0 ? (
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {section.courses.map((course, index) => (
                <CourseCard key={course.id} course={course} priority={index === 0} />
              ))}
            </div>
          ) : (
            <p className="mt-8 text-muted-foreground">New courses are on their way.</p>
          )}
        </section>
      );
    case "testimonials":
      if (section.testimonials.length === 0) return null;
      return (
        <section aria-labelledby={headingId} className="bg-muted">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <SectionHeading
                id={headingId}
                eyebrow={section.content.eyebrow}
                title={section.content.title}
                intro={section.content.intro}
              />
              {section.content.linkLabel ? (
                <OwnerLink href={section.content.linkHref} className="text-sm font-semibold text-primary hover:underline">
                  {section.content.linkLabel}
                </OwnerLink>
              ) : null}
            </div>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {section.testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      );
    case "instructor": {
      const { instructor, content } = section;
      if (!instructor) return null;
      const portrait = imageSrc(content.imageUrl);
      return (
        <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className={cn("grid items-center gap-10", portrait && "md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]")}>
            {portrait ? (
              <img
                src={portrait}
                alt={`Portrait of ${instructor.name}`}
                width={800}
                height={960}
                loading="lazy"
                decoding="async"
                className="mx-auto aspect-[5/6] w-full max-w-sm rounded-2xl object-cover shadow-md"
              />
            ) : null}
            <div>
              {content.eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{content.eyebrow}</p> : null}
              <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight">
                {instructor.name}
              </h2>
              {instructor.headline ? <p className="mt-2 font-medium text-muted-foreground">{instructor.headline}</p> : null}
              {instructor.bio ? <p className="mt-6 leading-relaxed">{instructor.bio}</p> : null}
              {content.linkLabel ? (
                <Button asChild variant="outline" className="mt-8">
                  <OwnerLink href={content.linkHref}>{content.linkLabel}</OwnerLink>
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      );
    }
    case "pricing":
      return (
        <section id={anchor} aria-labelledby={headingId} className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
          <SectionHeading id={headingId} eyebrow={section.content.eyebrow} title={section.content.title} intro={section.content.intro} />
          <div className="mt-10">
            <PlanCards />
          </div>
          {section.content.comparison && section.content.items.length > 0 ? (
            <div className="mt-10 rounded-xl border bg-card p-4 sm:p-6">
              <h3 className="mb-2 text-lg font-semibold">Compare what's included</h3>
              <ComparisonTable rows={section.content.items} />
            </div>
          ) : null}
        </section>
      );
    case "faq":
      return (
        <section id={anchor} aria-labelledby={headingId} className="mx-auto max-w-3xl scroll-mt-20 px-4 py-16 sm:px-6">
          <SectionHeading id={headingId} eyebrow={section.content.eyebrow} title={section.content.title} />
          <Accordion className="mt-8">
            {section.content.items.map((item, index) => (
              <AccordionItem key={index} value={`faq-${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
          {section.noteHtml ? <Prose html={section.noteHtml} className="mt-8 text-sm text-muted-foreground" /> : null}
        </section>
      );
    case "call_to_action":
      return (
        <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="flex flex-col items-start gap-6 rounded-2xl bg-hero p-8 text-hero-foreground sm:p-12 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 id={headingId} className="text-2xl font-bold tracking-tight">
                {section.content.title}
              </h2>
              {section.content.text ? <p className="mt-2 text-hero-foreground/85">{section.content.text}</p> : null}
            </div>
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="warm" size="lg">
                <OwnerLink href={section.content.buttonHref}>{section.content.buttonLabel}</OwnerLink>
              </Button>
              {section.content.secondaryLabel ? (
                <Button
                  asChild
                  variant="outline"
                  size="lg"
                  className="border-hero-foreground/40 bg-transparent text-hero-foreground hover:bg-hero-foreground/10"
                >
                  <OwnerLink href={section.content.secondaryHref}>{section.content.secondaryLabel}</OwnerLink>
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      );
    case "rich_text":
      return (
        <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <Prose html={section.html} />
        </section>
      );
    case "image_text": {
      const image = imageSrc(section.content.imageUrl);
      return (
        <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="grid items-center gap-10 md:grid-cols-2">
            {image ? (
              <img
                src={image}
                alt={section.content.imageAlt}
                loading="lazy"
                decoding="async"
                className={cn("w-full rounded-2xl object-cover shadow-md", section.content.imageRight && "md:order-last")}
              />
            ) : null}
            <div>
              <h2 id={headingId} className="text-3xl font-bold tracking-tight">
                {section.content.title}
              </h2>
              <Prose html={section.html} className="mt-4" />
            </div>
          </div>
        </section>
      );
    }
  }
}
