import type * as React from "react";
import { LoaderCircle } from "lucide-react";

import { cn } from "~/lib/utils";

type SpinnerProps = React.ComponentProps<"svg"> & {
  /**
   * Text announced to assistive technology. Pass `false` when the spinner sits
   * inside something that already announces its busy state (e.g. a loading button).
   */
  label?: string | false;
};

function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  const icon = <LoaderCircle data-slot="spinner" aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", className)} {...props} />;
  if (label === false) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
export type { SpinnerProps };
