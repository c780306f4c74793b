import { ListChecks } from "lucide-react";
import type { Route } from "./+types/quizzes";
import { quizListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowTitle } from "~/components/admin/list/row-title";
import { QUIZ_ADMIN_MESSAGES, quizPassRateText } from "~/lib/quiz";
import { adminMeta } from "~/lib/seo";
export { loader } from "./quizzes.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quizzes");

type QuizRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<QuizRow>[] = [
  {
    header: "Quiz",
    className: "max-w-[12rem] sm:max-w-xs lg:max-w-sm",
    cell: (quiz) => <RowTitle to={`/admin/quizzes/${quiz.lessonId}`} title={quiz.lessonTitle} detail={quiz.courseTitle} />,
  },
  { header: "Questions", from: "md", align: "right", className: "tabular-nums", cell: (quiz) => quiz.questions },
  { header: "Attempts", align: "right", className: "tabular-nums", cell: (quiz) => quiz.attempts },
  { header: "Learners", from: "sm", align: "right", className: "tabular-nums", cell: (quiz) => quiz.learners },
  { header: "Pass rate", align: "right", className: "tabular-nums", cell: (quiz) => quizPassRateText(quiz.passRate) },
];

export default function AdminQuizzes({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Quizzes"
      noun={["quiz", "quizzes"]}
      list={quizListUrl}
      data={loaderData}
      search={{ id: "quiz", label: "Search quizzes by lesson or course title", placeholder: "Search by lesson or course", maxLength: 200 }}
      columns={columns}
      rowKey={(quiz) => quiz.lessonId}
      rowHref={(quiz) => `/admin/quizzes/${quiz.lessonId}`}
      empty={{
        icon: <ListChecks />,
        none: QUIZ_ADMIN_MESSAGES.empty,
        noneDescription: QUIZ_ADMIN_MESSAGES.emptyHint,
        noMatches: QUIZ_ADMIN_MESSAGES.emptySearch,
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
