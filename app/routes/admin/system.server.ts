import type { RouterContextProvider } from "react-router";
import { isUuid } from "~/lib/uuid";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { retryFailedJob } from "~/server/jobs/queue.server";
import { logger } from "~/server/platform/logger.server";
import { markMailRequeued } from "~/server/mail/mail-queue.server";
import { redirectWithToast } from "~/server/toast.server";
import { retryJobForm, SYSTEM_MESSAGES } from "./system-form";
import { readForm } from "~/server/action.server";
import type { Route } from "./+types/system";
import type { Toast } from "~/lib/toast";
import { readAdminList } from "~/server/admin-list.server";
import { failedJobs, queueCounts } from "~/server/jobs/queue.server";
import { listMailLog } from "~/server/mail/mail-queue.server";
import { newToast } from "~/server/toast.server";
import { mailLogUrl } from "./system-form";

/**
 * Admin → System's action (super_admin only): Retry puts a failed job back in its queue for one
 * more attempt; a mail job's log line says queued again. Back to the screen, with its search.
 */
export async function systemAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const owner = requireSuperAdmin({ request, context });
  const back = `/admin/system${new URL(request.url).search}`;
  const parsed = retryJobForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithToast(back, { kind: "error", message: SYSTEM_MESSAGES.invalid }, { status: 303 });
  const retried = await retryFailedJob({ name: parsed.data.queue, id: parsed.data.id });
  if (!retried) return redirectWithToast(back, { kind: "error", message: SYSTEM_MESSAGES.notFailed }, { status: 303 });
  if (parsed.data.queue === "mail" && isUuid(retried.data.mailId)) await markMailRequeued(retried.data.mailId);
  logger.info({ queue: parsed.data.queue, jobId: parsed.data.id, by: owner.email }, "failed job retried");
  return redirectWithToast(back, { kind: "success", message: SYSTEM_MESSAGES.retried }, { status: 303 });
}

/** The queue counts and the failed jobs; on a failure the page says so and still shows the mail log's search. */
async function readJobs() {
  try {
    const [queues, failed] = await Promise.all([queueCounts(), failedJobs({ limit: 50 })]);
    return {
      queues,
      failed: failed.map((job) => ({ ...job, failedAt: job.failedAt?.toISOString() ?? null })),
      error: null as Toast | null,
    };
  } catch (error) {
    logger.error({ err: error }, "system screen failed");
    return { queues: [], failed: [], error: newToast({ kind: "error", message: SYSTEM_MESSAGES.fetchFailed }) };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin({ request, context });
  const [jobs, mail] = await Promise.all([
    readJobs(),
    readAdminList({
      request,
      list: mailLogUrl,
      failure: SYSTEM_MESSAGES.fetchFailed,
      what: "mail log",
      read: async ({ q, page }) => {
        const result = await listMailLog({ search: q, page });
        const rows = result.rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        }));
        return { rows, total: result.total, page: result.page, pageCount: Math.max(1, Math.ceil(result.total / result.pageSize)) };
      },
    }),
  ]);
  return { ...jobs, mail };
}

export function action({ request, context }: Route.ActionArgs) {
  return systemAction({ request, context });
}
