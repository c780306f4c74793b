import { Form } from "react-router";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import type { AnalyticsRange } from "~/lib/analytics-range";
import { AnalyticsCard } from "./analytics-card";

type Step = { lessonId: string; position: number; title: string; opened: number; finished: number };
export type FunnelData = { courses: { id: string; title: string }[]; course: { id: string; title: string } | null; steps: Step[] };

const count = (value: number) => value.toLocaleString("en-US");
const num = { align: "right" as const, className: "tabular-nums" };
const columns: AdminListColumn<Step>[] = [
  { header: "#", className: "w-8 tabular-nums", cell: (step) => step.position },
  { header: "Lesson", className: "max-w-[10rem] truncate sm:max-w-xs", cell: (step) => step.title },
  { header: "Opened", ...num, cell: (step) => count(step.opened) },
  { header: "Finished", ...num, cell: (step) => count(step.finished) },
];

/** The chosen course's lessons in learning order: how many learners opened and finished each, so the drop shows. */
export function AnalyticsFunnel({ funnel, range, csvHref }: { funnel: FunnelData; range: AnalyticsRange; csvHref: string }) {
  const { course, steps } = funnel;
  const learners = steps.reduce((most, step) => Math.max(most, step.opened), 0);
  return (
    <div className="grid gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4">
        {range.range !== "30d" ? <input type="hidden" name="range" value={range.range} /> : null}
        {range.range === "custom" ? (
          <>
            <input type="hidden" name="from" value={range.fromDay} />
            <input type="hidden" name="to" value={range.toDay} />
          </>
        ) : null}
        {range.bucketChoice !== "auto" ? <input type="hidden" name="bucket" value={range.bucketChoice} /> : null}
        <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-sm">
          <Label htmlFor="analytics-course">Course</Label>
          <NativeSelect id="analytics-course" name="course" defaultValue={course?.id}>
            {funnel.courses.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Show funnel
        </Button>
      </Form>
      <AnalyticsCard
        title="Completion funnel"
        description={
          course ? `${course.title}: learners who opened and finished each lesson, in learning order (all time).` : "No courses yet."
        }
        csvHref={csvHref}
        empty={learners === 0 ? "No learner has opened a lesson of this course yet." : null}
        chart={{
          data: steps.map((step) => ({ lesson: `${step.position}. ${step.title}`, opened: step.opened, finished: step.finished })),
          xKey: "lesson",
          format: count,
          series: [
            { key: "opened", label: "Opened", color: "var(--color-primary)" },
            { key: "finished", label: "Finished", color: "var(--color-success)" },
          ],
        }}
      >
        <AdminListTable label="Completion funnel" columns={columns} rows={steps} rowKey={(step) => step.lessonId} />
      </AnalyticsCard>
    </div>
  );
}
