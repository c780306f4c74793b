import { ListChecks } from "lucide-react";
import type { Route } from "./+types/quizzes";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowTitle } from "~/components/admin/list/row-title";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { QUIZ_ADMIN_MESSAGES, quizPassRateText } from "~/lib/quiz";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminQuizzes } from "~/server/quizzes/quiz-stats.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Quizzes");

const quizList = defineListUrl("/admin/quizzes", { q: textParam({ maxLength: 200 }), page: pageParam() });

/** Every quiz lesson with its attempts and pass rate (docs/decisions/024); each opens its per-question figures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: quizList,
    failure: QUIZ_ADMIN_MESSAGES.fetchFailed,
    what: "admin quiz list",
    read: async ({ q, page }) => {
      const result = await listAdminQuizzes({ query: q, page });
      return { ...result, rows: result.quizzes };
    },
  });
}

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
      list={quizList}
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
