/**
 * The job queues (app/server/jobs/queue.server.ts declares their retry rules, jobs.server.ts what
 * runs). Here for the System screen's labels and form, which the browser loads too.
 */
export const JOB_QUEUES = [
  "mail",
  "sweep-unused-files",
  "purge-expired-rows",
  "end-test-memberships",
  "transcode-video",
  "drip-opened-mail",
  "new-lesson-mail",
  "announcement",
  "webhook",
] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

export const JOB_QUEUE_LABELS: Record<JobQueue, string> = {
  mail: "Mail delivery",
  "sweep-unused-files": "Unused upload sweep (hourly)",
  "purge-expired-rows": "Expired sessions and tokens purge (hourly)",
  "end-test-memberships": "Test-mode memberships ending (every 10 minutes)",
  "transcode-video": "Lesson video transcoding",
  "drip-opened-mail": "Lessons opened today, mailed to learners (daily)",
  "new-lesson-mail": "New lessons, mailed to learners of courses that ask for it (daily)",
  announcement: "Announcements to learners",
  webhook: "Webhook deliveries",
};
