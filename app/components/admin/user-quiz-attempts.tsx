import { ListChecks } from "lucide-react";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";

/** One attempt as the user page shows it; the date is formatted by the loader. */
export type UserQuizAttemptRow = {
  id: string;
  lessonId: string;
  lessonTitle: string;
  courseTitle: string;
  attemptNumber: number;
  scorePercent: number;
  correctCount: number;
  questionCount: number;
  passed: boolean;
  submitted: string;
};

const columns: AdminListColumn<UserQuizAttemptRow>[] = [
  {
    header: "Quiz",
    className: "max-w-[12rem] sm:max-w-xs",
    cell: (attempt) => <RowTitle to={`/admin/quizzes/${attempt.lessonId}`} title={attempt.lessonTitle} detail={attempt.courseTitle} />,
  },
  { header: "Attempt", from: "sm", align: "right", className: "tabular-nums", cell: (attempt) => attempt.attemptNumber },
  {
    header: "Score",
    align: "right",
    className: "tabular-nums whitespace-nowrap",
    cell: (attempt) => `${attempt.scorePercent}% (${attempt.correctCount}/${attempt.questionCount})`,
  },
  {
    header: "Result",
    cell: (attempt) => (attempt.passed ? <Badge variant="success">Passed</Badge> : <Badge variant="destructive">Not passed</Badge>),
  },
  { header: "Submitted", from: "md", className: "whitespace-nowrap", cell: (attempt) => attempt.submitted },
];

/** A learner's quiz attempts on their admin page (docs/decisions/024); null: the section failed to load. */
export function UserQuizAttempts({ email, attempts }: { email: string; attempts: UserQuizAttemptRow[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quiz attempts</h2>
        </CardTitle>
        <CardDescription>Every quiz this person submitted, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {attempts === null ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
            Failed to load quiz attempts
          </p>
        ) : attempts.length === 0 ? (
          <EmptyState icon={<ListChecks />} titleAs="p" title="No quiz attempts yet." className="py-8" />
        ) : (
          <AdminListTable label={`Quiz attempts of ${email}`} columns={columns} rows={attempts} rowKey={(attempt) => attempt.id} />
        )}
      </CardContent>
    </Card>
  );
}
