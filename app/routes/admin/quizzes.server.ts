import { quizListUrl } from "~/lib/admin-list-urls";
import type { Route } from "./+types/quizzes";
import { QUIZ_ADMIN_MESSAGES } from "~/lib/quiz";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminQuizzes } from "~/server/quizzes/quiz-stats.server";

/** Every quiz lesson with its attempts and pass rate (docs/decisions/024); each opens its per-question figures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: quizListUrl,
    failure: QUIZ_ADMIN_MESSAGES.fetchFailed,
    what: "admin quiz list",
    read: async ({ q, page }) => {
      const result = await listAdminQuizzes({ query: q, page });
      return { ...result, rows: result.quizzes };
    },
  });
}
