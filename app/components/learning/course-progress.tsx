import { Progress } from "~/components/ui/progress";

/** "3 of 8 lessons complete" with a bar that has an accessible name and value. */
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
        showValue
      />
      <p className="mt-1 text-xs text-muted-foreground">{`${completed} of ${total} ${total === 1 ? "lesson" : "lessons"} complete`}</p>
    </div>
  );
}
