import { z } from "~/lib/forms/zod";
import { JOB_QUEUES } from "~/lib/job-queues";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";

/** Admin → System's one form: Retry on a failed job. */
export const retryJobForm = z.object({
  intent: z.literal("retry"),
  queue: z.enum(JOB_QUEUES),
  id: z.uuid(),
});

export const SYSTEM_MESSAGES = {
  title: "System",
  retried: "The job is queued again.",
  notFailed: "That job is not failed any more; nothing to retry.",
  invalid: "That is not a job that can be retried.",
  fetchFailed: "The queue could not be read. Try again in a moment.",
} as const;

export const MAIL_LOG_MAX_QUERY_LENGTH = 200;

/** The mail log's URL state: the address search and the page. */
export const mailLogUrl = defineListUrl("/admin/system", {
  q: textParam({ maxLength: MAIL_LOG_MAX_QUERY_LENGTH }),
  page: pageParam(),
});
