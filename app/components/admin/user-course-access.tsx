import { RowActions, RowIntentButton } from "~/components/admin/list/row-actions";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { Progress } from "~/components/ui/progress";
import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from "~/lib/domain-values";
import { NO_ACCESS_LABEL } from "~/lib/user-messages";

/** One row of a user page's Course Access table. `drip`: the course drips, and whether an admin opened it all for this person. */
export type CourseAccessRow = {
  courseId: string;
  title: string;
  slug: string;
  status: EnrollmentStatus | null;
  drip: "scheduled" | "opened" | null;
  detail: string | null;
  /** Lessons completed of the course's lessons: shown for a course they hold or have started. */
  progress: { completedLessons: number; totalLessons: number; percent: number } | null;
};

function CourseProgressCell({ course }: { course: CourseAccessRow }) {
  const { progress } = course;
  if (!progress) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid min-w-[8rem] gap-1">
      <span className="text-sm tabular-nums">
        {progress.completedLessons} of {progress.totalLessons} {progress.totalLessons === 1 ? "lesson" : "lessons"} · {progress.percent}%
      </span>
      <Progress value={progress.percent} label={`Progress in “${course.title}”`} />
    </div>
  );
}

function AccessBadge({ status }: { status: EnrollmentStatus | null }) {
  if (status === "active") return <Badge variant="success">{ENROLLMENT_STATUS_LABELS.active}</Badge>;
  if (status === "revoked") return <Badge variant="destructive">{ENROLLMENT_STATUS_LABELS.revoked}</Badge>;
  return <Badge variant="secondary">{NO_ACCESS_LABEL}</Badge>;
}

export const courseAccessColumns: AdminListColumn<CourseAccessRow>[] = [
  {
    header: "Course",
    className: "max-w-[12rem] sm:max-w-sm",
    cell: (course) => <RowTitle to={`/courses/${course.slug}`} title={course.title} detail={course.detail} />,
  },
  { header: "Status", cell: (course) => <AccessBadge status={course.status} /> },
  { header: "Progress", cell: (course) => <CourseProgressCell course={course} /> },
];

/** Grant or Revoke, with a fetcher of its own so only this row waits; on a drip course, "Open all lessons now". */
function CourseAccessButton({ course }: { course: CourseAccessRow }) {
  const active = course.status === "active";
  return (
    <RowActions>
      {course.drip === "scheduled" ? (
        <RowIntentButton
          intent="open-all"
          fields={{ courseId: course.courseId }}
          variant="secondary"
          label={`Open all lessons of “${course.title}” now`}
        >
          Open all now
        </RowIntentButton>
      ) : course.drip === "opened" ? (
        <span className="text-xs text-muted-foreground">All lessons open</span>
      ) : null}
      <RowIntentButton
        intent={active ? "revoke" : "grant"}
        fields={{ courseId: course.courseId }}
        variant={active ? "outline" : "default"}
        label={active ? `Revoke access to “${course.title}”` : `Grant Access to “${course.title}”`}
      >
        {active ? "Revoke" : "Grant Access"}
      </RowIntentButton>
    </RowActions>
  );
}

export const courseAccessAction = (course: CourseAccessRow) => <CourseAccessButton course={course} />;
