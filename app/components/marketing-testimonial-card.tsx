import { Star } from "lucide-react";
import { useId } from "react";
import { formatDate } from "~/lib/dates";
import { imageSrc } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import type { TestimonialCard } from "~/server/marketing/marketing.server";

/** Quotes longer than this are collapsed behind Read more (spec §4). */
export const TESTIMONIAL_TRUNCATE_AT = 180;

const SOURCE_LABELS: Record<string, string> = { email: "Email", trustpilot: "Trustpilot", x: "X" };

/** "Jan 22, 2026" (the spec's 'MMM d, yyyy') from a YYYY-MM-DD date. */
export function formatGivenOn(givenOn: string) {
  return formatDate(`${givenOn}T00:00:00Z`);
}

/** The first `limit` characters, cut at a word boundary, with an ellipsis. */
export function truncateQuote(quote: string, limit = TESTIMONIAL_TRUNCATE_AT) {
  if (quote.length <= limit) return quote;
  const cut = quote.slice(0, limit);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={cn("size-4", value <= rating ? "fill-warm text-warm" : "fill-transparent text-border")}
        />
      ))}
    </span>
  );
}

/**
 * One testimonial. With `onToggle`, a quote over 180 characters is collapsed with a
 * Read more / Read less button; the page decides which single card is expanded.
 */
export function TestimonialCard({
  testimonial,
  expanded = false,
  onToggle,
  headingLevel = "h3",
}: {
  testimonial: TestimonialCard;
  expanded?: boolean;
  onToggle?: () => void;
  headingLevel?: "h2" | "h3";
}) {
  const quoteId = useId();
  const collapsible = Boolean(onToggle) && testimonial.quote.length > TESTIMONIAL_TRUNCATE_AT;
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <StarRating rating={testimonial.rating} />
        <span className="text-xs font-medium text-muted-foreground">{testimonial.category}</span>
      </div>
      <blockquote id={quoteId} className="flex-1 text-sm leading-relaxed text-foreground">
        <p>“{collapsible && !expanded ? truncateQuote(testimonial.quote) : testimonial.quote}”</p>
      </blockquote>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={quoteId}
          onClick={onToggle}
          className="self-start rounded-sm text-sm font-semibold text-primary hover:underline focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          {expanded ? "Read less" : "Read more"}
          <span className="sr-only"> of {testimonial.name}'s testimonial</span>
        </button>
      ) : null}
      <footer className="flex items-center gap-3 border-t pt-4">
        <img
          src={imageSrc(testimonial.avatarUrl) ?? "/images/placeholders/default.webp"}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 rounded-full object-cover"
        />
        <div className="min-w-0">
          <Heading className="text-sm font-semibold">{testimonial.name}</Heading>
          <p className="truncate text-xs text-muted-foreground">{testimonial.role}</p>
          <p className="text-xs text-muted-foreground">
            {SOURCE_LABELS[testimonial.source] ?? testimonial.source} ·{" "}
            <time dateTime={testimonial.givenOn}>{formatGivenOn(testimonial.givenOn)}</time>
          </p>
        </div>
      </footer>
    </article>
  );
}
