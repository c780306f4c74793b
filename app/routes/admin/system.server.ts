import type { RouterContextProvider } from "react-router";
import { isUuid } from "~/lib/uuid";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { retryFailedJob } from "~/server/jobs/queue.server";
import { logger } from "~/server/logger.server";
import { markMailRequeued } from "~/server/mail/mail-queue.server";
import { redirectWithToast } from "~/server/toast.server";
import { retryJobForm, SYSTEM_MESSAGES } from "./system-form";
import { readForm } from "~/server/action.server";

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
