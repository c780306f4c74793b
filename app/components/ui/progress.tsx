import type * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "value"> & {
  /** Current value; `null` or omitted means indeterminate. */
  value?: number | null;
  /** Accessible name, e.g. "Upload progress" or "Reading progress". */
  label: string;
  /** Also show the percentage as visible text next to the bar. */
  showValue?: boolean;
};

function Progress({
  className,
  value = null,
  max = 100,
  label,
  showValue = false,
  getValueLabel = (current, maximum) => `${Math.round((current / maximum) * 100)}%`,
  ...props
}: ProgressProps) {
  const clamped = value === null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped === null ? 0 : (clamped / max) * 100;
  const bar = (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={clamped}
      max={max}
      getValueLabel={getValueLabel}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 bg-primary transition-transform duration-300", clamped === null && "animate-pulse")}
        style={{ transform: `translateX(-${100 - (clamped === null ? 100 : percent)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
  if (!showValue) return bar;
  return (
    <div data-slot="progress-with-value" className="flex items-center gap-3">
      {bar}
      <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm text-muted-foreground tabular-nums">
        {clamped === null ? "" : getValueLabel(clamped, max)}
      </span>
    </div>
  );
}

export { Progress };
export type { ProgressProps };
