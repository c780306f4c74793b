import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import {
  ANALYTICS_BUCKET_LABELS,
  ANALYTICS_BUCKETS,
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  type AnalyticsRange,
} from "~/lib/analytics-range";

/** The range, custom dates and grouping, as a plain GET form: the choice lives in the URL and works without JavaScript. */
export function AnalyticsRangeForm({ range }: { range: AnalyticsRange }) {
  return (
    <Form
      method="get"
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-range">Range</Label>
        <NativeSelect id="analytics-range" name="range" defaultValue={range.range}>
          {ANALYTICS_RANGES.map((value) => (
            <option key={value} value={value}>
              {ANALYTICS_RANGE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-from">From (custom)</Label>
        <Input id="analytics-from" name="from" type="date" defaultValue={range.fromDay} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-to">To (custom)</Label>
        <Input id="analytics-to" name="to" type="date" defaultValue={range.toDay} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-bucket">Group</Label>
        <NativeSelect id="analytics-bucket" name="bucket" defaultValue={range.bucketChoice}>
          {(["auto", ...ANALYTICS_BUCKETS] as const).map((value) => (
            <option key={value} value={value}>
              {ANALYTICS_BUCKET_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {range.courseId ? <input type="hidden" name="course" value={range.courseId} /> : null}
      <Button type="submit">Apply range</Button>
    </Form>
  );
}
