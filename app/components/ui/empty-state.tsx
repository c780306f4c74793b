import type * as React from "react";

import { cn } from "~/lib/utils";

type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  /** An icon element, e.g. `<BookOpen />`; it is decorative. */
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A call to action, e.g. a `<Button asChild><Link …/></Button>`. */
  action?: React.ReactNode;
  /** Heading element for the title, to fit the page outline. */
  titleAs?: "h2" | "h3" | "h4" | "p";
};

function EmptyState({ icon, title, description, action, titleAs: Title = "h2", className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-secondary text-muted-foreground [&_svg:not([class*='size-'])]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Title className="text-lg font-semibold text-foreground">{title}</Title>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export { EmptyState };
export type { EmptyStateProps };
