import { Progress } from "~/components/ui/progress";

/** "25% complete · 3 of 12 lessons" under a bar that has an accessible name and value. */
export function CourseProgress({
  completed,
  total,
  courseTitle,
  className,
}: {
  completed: number;
  total: number;
  courseTitle: string;
  className?: string;
}) {
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  return (
    <div className={className}>
      <Progress
        value={percent}
        label={`Progress in ${courseTitle}`}
        getValueLabel={() => `${percent}% complete, ${completed} of ${total} lessons`}
      />
      <p className="mt-2 flex justify-between gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{`${percent}% complete`}</span>
        <span>{`${completed} of ${total} ${total === 1 ? "lesson" : "lessons"} complete`}</span>
      </p>
    </div>
  );
}
