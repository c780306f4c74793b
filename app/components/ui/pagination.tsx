import type * as React from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";

import { cn } from "~/lib/utils";
import { buttonVariants } from "~/components/ui/button";

type PaginationProps = Omit<React.ComponentProps<"nav">, "children"> & {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
};

type PageSlot = number | "ellipsis-start" | "ellipsis-end";

/** First, last, and the current page with one neighbour each side; gaps become ellipses. */
function pageSlots(page: number, pageCount: number): PageSlot[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1]);
  const slots: PageSlot[] = [];
  for (let n = 1; n <= pageCount; n++) {
    // A gap of exactly one page shows that page instead of an ellipsis.
    if (shown.has(n) || (shown.has(n - 1) && shown.has(n + 1))) {
      slots.push(n);
    } else if (n < page && slots.at(-1) !== "ellipsis-start") {
      slots.push("ellipsis-start");
    } else if (n > page && slots.at(-1) !== "ellipsis-end") {
      slots.push("ellipsis-end");
    }
  }
  return slots;
}

const itemClasses = "min-w-10 px-3";

function Pagination({
  page: pageProp,
  pageCount,
  hrefFor,
  previousLabel = "Previous",
  nextLabel = "Next",
  className,
  "aria-label": ariaLabel = "Pagination",
  ...props
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const page = Math.min(Math.max(1, Math.trunc(pageProp) || 1), pageCount);
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;

  return (
    <nav data-slot="pagination" aria-label={ariaLabel} className={cn("flex w-full justify-center", className)} {...props}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {hasPrevious ? (
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              data-slot="pagination-previous"
              className={buttonVariants({ variant: "ghost", className: "gap-1 pl-2.5" })}
            >
              <ChevronLeft />
              <span>{previousLabel}</span>
            </Link>
          ) : (
            <a
              role="link"
              aria-disabled="true"
              data-slot="pagination-previous"
              className={buttonVariants({ variant: "ghost", className: "gap-1 pl-2.5" })}
            >
              <ChevronLeft />
              <span>{previousLabel}</span>
            </a>
          )}
        </li>
        {pageSlots(page, pageCount).map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Link
                to={hrefFor(slot)}
                aria-current={slot === page ? "page" : undefined}
                data-slot="pagination-link"
                className={buttonVariants({
                  variant: slot === page ? "outline" : "ghost",
                  className: cn(itemClasses, slot === page && "border-primary font-semibold"),
                })}
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot}>
              <span data-slot="pagination-ellipsis" className="flex size-10 items-center justify-center text-muted-foreground">
                <span aria-hidden="true">…</span>
                <span className="sr-only">More pages</span>
              </span>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              data-slot="pagination-next"
              className={buttonVariants({ variant: "ghost", className: "gap-1 pr-2.5" })}
            >
              <span>{nextLabel}</span>
              <ChevronRight />
            </Link>
          ) : (
            <a
              role="link"
              aria-disabled="true"
              data-slot="pagination-next"
              className={buttonVariants({ variant: "ghost", className: "gap-1 pr-2.5" })}
            >
              <span>{nextLabel}</span>
              <ChevronRight />
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}

export { Pagination, pageSlots };
export type { PaginationProps };
