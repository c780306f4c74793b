import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * One pill of a public list's filter row (a category, a level): a link to the list with that
 * filter, marked current when it is the one shown. `current` is the aria-current value: "page"
 * where the pills are the list's navigation, "true" where they are one filter among several.
 */
export function FilterPill({
  to,
  active,
  current,
  children,
}: {
  to: string;
  active: boolean;
  current: "page" | "true";
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? current : undefined}
      className={cn(
        "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
        active ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background text-foreground hover:bg-secondary",
      )}
    >
      {children}
    </Link>
  );
}
