import { formatIsoDay } from "~/lib/dates";
import { getConfig } from "~/server/platform/config.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import type { MailContent } from "~/server/mail/templates.server";
import { listOptedOut, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

type LearnerRow = { userId: string; email: string; name: string };

/**
 * The daily notices to learners (drip openings, new lessons): the rows grouped by learner, one
 * message each, keyed by the kind, the learner and the day so a second run that day sends nothing,
 * and none to addresses that unsubscribed from marketing mail.
 */
export async function sendDailyLearnerNotices<Row extends LearnerRow>({
  kind,
  rows,
  now,
  compose,
}: {
  kind: "drip" | "new-lessons";
  rows: Row[];
  now: Date;
  compose: (notice: { rows: Row[]; schoolName: string; origin: string; learnerName: string; unsubscribeUrl: string }) => MailContent;
}) {
  const byLearner = new Map<string, Row[]>();
  for (const row of rows) byLearner.set(row.userId, [...(byLearner.get(row.userId) ?? []), row]);
  const optedOut = await listOptedOut([...byLearner.values()].map((learnerRows) => learnerRows[0].email));
  const { schoolName } = await getSiteSettings();
  const origin = getConfig().publicUrl;
  let sent = 0;
  for (const [userId, learnerRows] of byLearner) {
    const { email, name } = learnerRows[0];
    if (optedOut.has(email.toLowerCase())) continue;
    const { queued } = await sendMail({
      kind,
      key: `${kind}:${userId}:${formatIsoDay(now)}`,
      to: email,
      ...compose({ rows: learnerRows, schoolName, origin, learnerName: name, unsubscribeUrl: unsubscribeUrl(email) }),
    });
    if (queued) sent += 1;
  }
  return { learners: byLearner.size, sent };
}
