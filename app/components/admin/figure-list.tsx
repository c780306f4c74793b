import { cn } from "~/lib/utils";

/** A row of headline figures (label above, number below), as on a quiz's page and Analytics. */
export function FigureList({
  figures,
  className,
}: {
  figures: ReadonlyArray<readonly [label: string, value: string]>;
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-3", className)}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-card p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
