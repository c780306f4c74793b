import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AnalyticsChartProps } from "./analytics-chart";

const AnalyticsChart = lazy(() => import("./analytics-chart"));

/** Recharts measures the page, so charts draw only in the browser, after hydration. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * One figure of Admin → Analytics: a chart (hidden from screen readers), the same figures as a
 * table beside it, and a CSV download of them. `empty` replaces the chart (not the table) when there is nothing to draw.
 */
export function AnalyticsCard({
  title,
  description,
  csvHref,
  chart,
  empty,
  children,
}: {
  title: string;
  description: string;
  csvHref: string;
  chart: AnalyticsChartProps;
  empty: string | null;
  /** The data table. */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} download>
            <Download aria-hidden="true" /> Download {title} as CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {empty ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <div aria-hidden="true" className="h-[260px] min-w-0">
            {hydrated ? (
              <Suspense fallback={<p className="text-sm text-muted-foreground">Loading chart…</p>}>
                <AnalyticsChart {...chart} />
              </Suspense>
            ) : (
              <p className="text-sm text-muted-foreground">Loading chart…</p>
            )}
          </div>
        )}
        {/*
          Focusable, so keyboard users can scroll a long table. The region scrolls both ways: the
          table's own sideways scroller would put its scrollbar below the fold of this box, so a
          table wider than a phone or a narrow desktop column would look cut off.
        */}
        <div
          role="region"
          aria-label={`${title} figures`}
          tabIndex={0}
          className="max-h-[320px] min-w-0 overflow-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring [&_[data-slot=table-container]]:overflow-visible"
        >
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
