import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/quiz-details";
import { AdminError } from "~/components/admin/admin-error";
import { FigureList } from "~/components/admin/figure-list";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

import { lessonPath } from "~/lib/learning";
import { QUIZ_ADMIN_MESSAGES, quizPassRateText } from "~/lib/quiz";
import { adminMeta } from "~/lib/seo";
export { loader } from "./quiz-details.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData ? `${args.loaderData.quiz.lessonTitle} | Quizzes` : QUIZ_ADMIN_MESSAGES.notFound);

type QuestionRow = Route.ComponentProps["loaderData"]["quiz"]["questions"][number];

const columns: AdminListColumn<QuestionRow>[] = [
  { header: "#", className: "tabular-nums w-8", cell: (question) => question.position },
  { header: "Question", className: "max-w-[14rem] sm:max-w-md whitespace-normal", cell: (question) => question.prompt },
  { header: "Kind", from: "md", cell: (question) => question.kind },
  { header: "Answered", from: "sm", align: "right", className: "tabular-nums", cell: (question) => question.answered },
  { header: "Right", align: "right", className: "tabular-nums", cell: (question) => quizPassRateText(question.rightRate) },
];

export default function AdminQuizDetails({ loaderData }: Route.ComponentProps) {
  const { quiz } = loaderData;
  const figures: [string, string][] = [
    ["Attempts", String(quiz.attempts)],
    ["Learners", String(quiz.learners)],
    ["Passed", `${quiz.passed} (${quizPassRateText(quiz.passRate)})`],
    ["Pass mark", `${quiz.passPercent}%`],
    ["Attempts allowed", quiz.maxAttempts === null ? "Unlimited" : String(quiz.maxAttempts)],
  ];
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button asChild variant="link" className="justify-self-start">
          <Link to="/admin/quizzes">
            <ArrowLeft aria-hidden="true" /> Back to quizzes
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">{quiz.lessonTitle}</h1>
        <p className="text-sm text-muted-foreground">
          {quiz.courseTitle} ·{" "}
          <Link to={`/admin/courses/builder/${quiz.courseId}?tab=curriculum`} className="font-medium text-foreground hover:underline">
            Edit in the builder
          </Link>{" "}
          ·{" "}
          <Link to={lessonPath(quiz.courseSlug, quiz.lessonSlug)} className="font-medium text-foreground hover:underline">
            Open the lesson
          </Link>
        </p>
      </div>
      <FigureList figures={figures} className="sm:grid-cols-5" />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Questions</h2>
          </CardTitle>
          <CardDescription>
            {quiz.attempts === 0 ? QUIZ_ADMIN_MESSAGES.noAttempts : "The share of submitted answers that were right, per question."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AdminListTable
            label={`Questions of ${quiz.lessonTitle}`}
            columns={columns}
            rows={quiz.questions}
            rowKey={(question) => question.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} notFound={{ title: QUIZ_ADMIN_MESSAGES.notFound, backTo: "/admin/quizzes", backLabel: "Back to quizzes" }} />
  );
}
