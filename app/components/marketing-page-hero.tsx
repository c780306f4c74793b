import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The title band at the top of a marketing page. */
export function PageHero({
  eyebrow,
  title,
  children,
  dark = false,
  className,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  dark?: boolean;
  className?: string;
}) {
  return (
    <section className={cn(dark ? "bg-hero text-hero-foreground" : "border-b bg-muted", className)}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        {eyebrow ? (
          <p className={cn("text-sm font-semibold tracking-wide uppercase", dark ? "text-warm" : "text-primary")}>{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? (
          <div className={cn("mt-5 max-w-2xl text-lg", dark ? "text-hero-foreground/85" : "text-muted-foreground")}>{children}</div>
        ) : null}
      </div>
    </section>
  );
}
