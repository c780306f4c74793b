/**
 * The job queues (app/server/jobs/queue.server.ts declares their retry rules, jobs.server.ts what
 * runs). Here for the System screen's labels and form, which the browser loads too.
 */
/** Every queue's name, written once: code enqueues and registers workers with `JOB_QUEUE.mail`, never the string. */
export const JOB_QUEUE = {
  mail: "mail",
  sweepUnusedFiles: "sweep-unused-files",
  purgeExpiredRows: "purge-expired-rows",
  endTestMemberships: "end-test-memberships",
  transcodeVideo: "transcode-video",
  dripOpenedMail: "drip-opened-mail",
  newLessonMail: "new-lesson-mail",
  announcement: "announcement",
  discussionMail: "discussion-mail",
  webhook: "webhook",
  checkoutReminders: "checkout-reminders",
  dataExport: "data-export",
  trialReminder: "trial-reminder",
  testTrialCharge: "test-trial-charge",
  testPlanPayment: "test-plan-payment",
  paymentPlans: "payment-plans",
} as const;
export type JobQueue = (typeof JOB_QUEUE)[keyof typeof JOB_QUEUE];
export const JOB_QUEUES = Object.values(JOB_QUEUE);

export const JOB_QUEUE_LABELS: Record<JobQueue, string> = {
  [JOB_QUEUE.mail]: "Mail delivery",
  [JOB_QUEUE.sweepUnusedFiles]: "Unused upload sweep (hourly)",
  [JOB_QUEUE.purgeExpiredRows]: "Expired sessions and tokens purge (hourly)",
  [JOB_QUEUE.endTestMemberships]: "Test-mode memberships ending (every 10 minutes)",
  [JOB_QUEUE.transcodeVideo]: "Lesson video transcoding",
  [JOB_QUEUE.dripOpenedMail]: "Lessons opened today, mailed to learners (daily)",
  [JOB_QUEUE.newLessonMail]: "New lessons, mailed to learners of courses that ask for it (daily)",
  [JOB_QUEUE.announcement]: "Announcements to learners",
  [JOB_QUEUE.discussionMail]: "What is new in discussions, mailed at most hourly (every 10 minutes)",
  [JOB_QUEUE.webhook]: "Webhook deliveries",
  [JOB_QUEUE.checkoutReminders]: "Reminders of checkouts left unpaid for an hour (every 10 minutes)",
  [JOB_QUEUE.dataExport]: "“Download my data” copies",
  [JOB_QUEUE.trialReminder]: "Membership trials' reminders, three days before the first charge",
  [JOB_QUEUE.testTrialCharge]: "Test-mode membership trials' first charge, at the trial's end",
  [JOB_QUEUE.testPlanPayment]: "Test-mode payment plans' instalments, on their due date",
  [JOB_QUEUE.paymentPlans]: "Payment plans: overdue ones paused after the grace period (every 10 minutes)",
};
