import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The dark closing call to action of a marketing page: browse courses, plus one more step. */
export function MarketingCtaBanner({
  id,
  title,
  text,
  secondary,
  className,
}: {
  id: string;
  title: string;
  text: string;
  secondary: { to: string; label: string };
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("mx-auto max-w-7xl px-4 sm:px-6", className)}>
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-hero p-8 text-hero-foreground sm:p-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id={id} className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="mt-2 text-hero-foreground/85">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="warm" size="lg">
            <Link to="/courses">Browse courses</Link>
          </Button>
          <Button
            asChild
            variant="outline"
            size="lg"
            className="border-hero-foreground/40 bg-transparent text-hero-foreground hover:bg-hero-foreground/10"
          >
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
