import { chargeTestPlanInstalment, settleDuePaymentPlans } from "~/server/payments/payment-plans.server";
import { and, inArray, lt, lte, sql } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import { sweepTempCourseCovers } from "~/server/courses/course-covers.server";
import { sweepUnusedLessonVideos } from "~/server/curriculum/lesson-videos.server";
import { db } from "~/server/db/client.server";
import { rateLimits, sessions, subscriptions, verifications } from "~/server/db/schema";
import { deliverQueuedWebhook } from "~/server/webhooks/webhooks.server";
import { JOB_QUEUE } from "~/lib/job-queues";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { clearOldMailBodies, deliverQueuedMail } from "~/server/mail/mail-queue.server";
import { sendCheckoutReminders } from "~/server/payments/checkout-reminders.server";
import { settleEndedTestMemberships } from "~/server/payments/settle-ended-test-memberships.server";
import { sendTrialReminder } from "~/server/payments/membership-trials.server";
import { chargeTestTrial } from "~/server/payments/settle-ended-test-memberships.server";
import { BUNDLE_COVER_PREFIX, sweepUnusedPostCovers } from "~/server/posts/post-covers.server";
import { sendDripOpenedMails } from "~/server/learning/drip-mail.server";
import { sendNewLessonMails } from "~/server/learning/new-lesson-mail.server";
import { sendDiscussionMails } from "~/server/discussions/discussion-mail.server";
import { sendAnnouncement } from "~/server/marketing/announcements.server";
import { LONGEST_RATE_LIMIT_WINDOW_MS } from "~/server/platform/rate-limit.server";
import { sweepUnusedSiteLogos } from "~/server/settings/site-logos.server";
import { sweepAbandonedWrites } from "~/server/platform/storage.server";
import { buildQueuedDataExport, sweepExpiredDataExports } from "~/server/users/data-export.server";
import { sweepUserImportUploads } from "~/server/users/import-users.server";
import { findFfmpeg } from "~/server/video/ffmpeg.server";
import { sweepAbandonedTranscodes, transcodeLessonVideo } from "~/server/video/transcode-lesson-video.server";
import { startWorkers, type JobRegistration, type WorkerSettings } from "./queue.server";

/**
 * What the workers run: the mail queue and the schedules. A schedule is a pg-boss cron entry:
 * every worker process declares it, pg-boss creates one job per period across all of them
 * (docs/decisions/018). A later feature adds its queue in queue.server.ts and its job here.
 */

/**
 * Upload sweeps: files uploaded for forms that were never saved, or that no row shows any more, and
 * what writes and transcodes cut off by a crash left behind.
 */
export async function sweepUnusedFiles() {
  const covers = await sweepTempCourseCovers();
  const videos = await sweepUnusedLessonVideos();
  const postCovers = await sweepUnusedPostCovers();
  const bundleCovers = await sweepUnusedPostCovers({ prefix: BUNDLE_COVER_PREFIX });
  const logos = await sweepUnusedSiteLogos();
  const abandoned = await sweepAbandonedWrites();
  const transcodes = await sweepAbandonedTranscodes();
  const dataExports = await sweepExpiredDataExports();
  const importUploads = await sweepUserImportUploads();
  return {
    courseCovers: covers.length,
    lessonVideos: videos.length,
    postCovers: postCovers.length,
    bundleCovers: bundleCovers.length,
    siteLogos: logos.length,
    abandonedWrites: abandoned.length,
    abandonedTranscodes: transcodes.length,
    expiredDataExports: dataExports,
    userImportUploads: importUploads.length,
  };
}

/** Rows nobody can use any more: expired sessions and verification tokens, dead rate-limit counters; and sent mail's bodies past 30 days. */
export async function purgeExpiredRows(now = new Date()) {
  const database = db();
  const expiredSessions = await database.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const expiredTokens = await database.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id });
  const deadCounters = await database
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now.getTime() - LONGEST_RATE_LIMIT_WINDOW_MS))
    .returning({ id: rateLimits.id });
  await clearOldMailBodies(now);
  return { sessions: expiredSessions.length, verifications: expiredTokens.length, rateLimits: deadCounters.length };
}

/** Test-mode memberships whose paid period is over end, as Stripe would end an unpaid one; a trial's end is its first charge. */
export async function endTestMemberships(now = new Date()) {
  const due = await db()
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.provider} = 'test'`,
        lte(subscriptions.currentPeriodEnd, now),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    );
  let ended = 0;
  let converted = 0;
  for (const { userId } of due) {
    const settled = await settleEndedTestMemberships({ userId, at: now });
    ended += settled.ended;
    converted += settled.converted;
  }
  return { ended, converted };
}

const logged =
  (name: string, run: () => Promise<Record<string, number>>): JobRegistration["handler"] =>
  async () => {
    const result = await run();
    logger.info({ job: name, ...result }, "scheduled job done");
  };

export const JOBS: JobRegistration[] = [
  { name: JOB_QUEUE.mail, handler: (data, job) => deliverQueuedMail(data, job), concurrency: 2 },
  // One at a time: ffmpeg uses every core it gets.
  { name: JOB_QUEUE.transcodeVideo, handler: (data, job) => transcodeLessonVideo(data, job) },
  { name: JOB_QUEUE.sweepUnusedFiles, cron: "17 * * * *", handler: logged(JOB_QUEUE.sweepUnusedFiles, sweepUnusedFiles) },
  { name: JOB_QUEUE.purgeExpiredRows, cron: "41 * * * *", handler: logged(JOB_QUEUE.purgeExpiredRows, () => purgeExpiredRows()) },
  { name: JOB_QUEUE.endTestMemberships, cron: "*/10 * * * *", handler: logged(JOB_QUEUE.endTestMemberships, () => endTestMemberships()) },
  { name: JOB_QUEUE.announcement, handler: (data) => sendAnnouncement(data) },
  // One webhook delivery each (docs/decisions/050); a slow receiver holds one slot for 5 s at most.
  { name: JOB_QUEUE.webhook, handler: (data, job) => deliverQueuedWebhook(data, job), concurrency: 4 },
  // One "Download my data" ZIP at a time: it is built in memory (docs/decisions/060).
  { name: JOB_QUEUE.dataExport, handler: (data, job) => buildQueuedDataExport(data, job) },
  // Once a day: learners whose drip modules opened since yesterday (issue 24).
  { name: JOB_QUEUE.dripOpenedMail, cron: "5 8 * * *", handler: logged(JOB_QUEUE.dripOpenedMail, () => sendDripOpenedMails()) },
  // Once a day: lessons added since yesterday, to the learners of courses that turned it on (issue 25).
  { name: JOB_QUEUE.newLessonMail, cron: "10 8 * * *", handler: logged(JOB_QUEUE.newLessonMail, () => sendNewLessonMails()) },
  // Every 10 minutes: what is new in discussions, at most one message per person per hour (issue 42).
  { name: JOB_QUEUE.discussionMail, cron: "*/10 * * * *", handler: logged(JOB_QUEUE.discussionMail, () => sendDiscussionMails()) },
  // Every 10 minutes: one reminder for each checkout left unpaid for an hour (issue 39).
  { name: JOB_QUEUE.checkoutReminders, cron: "*/10 * * * *", handler: logged(JOB_QUEUE.checkoutReminders, () => sendCheckoutReminders()) },
  // A membership trial's reminder, three days before its first charge; test mode's first charge at its end (docs/decisions/066).
  { name: JOB_QUEUE.trialReminder, handler: async (data) => void (await sendTrialReminder({ subscriptionId: String(data.subscriptionId) })) },
  // Payment plans (docs/decisions/069): test mode's instalment on its due date; the sweep pauses plans past their grace period.
  {
    name: JOB_QUEUE.testPlanPayment,
    handler: async (data) => void (await chargeTestPlanInstalment({ planId: String(data.planId), number: Number(data.number) })),
  },
  { name: JOB_QUEUE.paymentPlans, cron: "*/10 * * * *", handler: logged(JOB_QUEUE.paymentPlans, () => settleDuePaymentPlans()) },
  { name: JOB_QUEUE.testTrialCharge, handler: async (data) => void (await chargeTestTrial({ subscriptionId: String(data.subscriptionId) })) },
];

/** The jobs with the schedules the configuration sets: the discussion mail's every DISCUSSION_MAIL_EVERY_MINUTES. */
export function scheduledJobs(every = getConfig().discussionMailEveryMinutes): JobRegistration[] {
  return JOBS.map((job) => (job.name === JOB_QUEUE.discussionMail ? { ...job, cron: `*/${every} * * * *` } : job));
}

/** Starts every worker of the app in this process. */
export function startAppWorkers(settings?: WorkerSettings) {
  // Says at start, once, whether lesson videos will be transcoded (docs/decisions/026).
  void findFfmpeg();
  return startWorkers(scheduledJobs(), settings);
}
