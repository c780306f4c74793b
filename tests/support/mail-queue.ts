import { runDueJobs } from "~/server/jobs/queue.server";
import { deliverQueuedMail } from "~/server/mail/mail-queue.server";

let draining: Promise<unknown> = Promise.resolve();

/**
 * Mail is queued, not sent by the request (app/server/mail/mail-queue.server.ts). Tests without a
 * running worker deliver what is due with this before they read the outbox or the SMTP server.
 * Calls made at the same time run one after another, so each returns once everything queued
 * before it has been delivered.
 */
export function deliverQueuedMailNow(): Promise<{ ran: number; failed: number }> {
  const run = draining.then(() => runDueJobs("mail", deliverQueuedMail));
  draining = run.catch(() => {});
  return run;
}
