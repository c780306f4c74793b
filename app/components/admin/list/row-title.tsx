import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A list row's first cell: the item's name linking to its page, an optional muted line under it
 * (the slug, or a column hidden on small screens), then anything the list adds (badges).
 */
export function RowTitle({
  to,
  title,
  detail,
  detailClassName,
  children,
}: {
  to: string;
  title: string;
  detail?: ReactNode;
  /** Classes for the muted line, such as `md:hidden` when it repeats a column shown from md up. */
  detailClassName?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Link to={to} className="block truncate font-medium hover:underline">
        {title}
      </Link>
      {detail ? <span className={cn("block truncate text-xs text-muted-foreground", detailClassName)}>{detail}</span> : null}
      {children}
    </>
  );
}
