import type * as React from "react";
import { CheckCircle2 } from "lucide-react";

/** A calm panel that says where the order stands ("You already own this course"), with what to do next. */
export function CheckoutMessage({
  title,
  detail,
  icon = <CheckCircle2 />,
  headingLevel: Heading = "h2",
  children,
}: {
  title: string;
  detail?: React.ReactNode;
  icon?: React.ReactNode;
  headingLevel?: "h1" | "h2";
  children?: React.ReactNode;
}) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success [&_svg]:size-6">
        {icon}
      </span>
      <Heading className="text-xl font-semibold">{title}</Heading>
      {detail ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
