import { announcementListUrl } from "~/lib/admin-list-urls";
import crypto from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { ANNOUNCEMENT_MESSAGES, announcementAudiencesFor } from "~/lib/announcements";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listCouponCourseChoices } from "~/server/coupons/admin-coupons.server";
import { sendAnnouncementTest, startAnnouncement } from "~/server/marketing/announcements.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { announcementForm } from "./announcement-form";
import type { Route } from "./+types/announcements";
import { formatDateTime } from "~/lib/dates";
import { ANNOUNCEMENT_AUDIENCE_LABELS, ANNOUNCEMENT_STATUS_LABELS, ANNOUNCEMENT_AUDIENCES, isOneOf } from "~/lib/domain-values";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminAnnouncements } from "~/server/marketing/announcements.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** New announcement: the courses to choose from and a fresh send key (a double submit of this form sends once). */
export async function newAnnouncementLoader({ request, context }: Args) {
  const admin = requireAdmin({ request, context });
  const courses = await listCouponCourseChoices();
  return {
    courses: courses.map(({ id, title }) => ({ id, title })),
    sendKey: crypto.randomUUID(),
    audiences: announcementAudiencesFor(admin.role),
  };
}

/** "Send test to me" mails the draft to the admin; "Send" starts the job and goes to the list, where its progress shows. */
export async function newAnnouncementAction({ request, context }: Args) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(announcementForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;
  // The wide audiences are the owner's (decision 042): refused here whatever the form offered.
  if (!announcementAudiencesFor(admin.role).includes(form.audience)) {
    return data({ errors: { audience: [ANNOUNCEMENT_MESSAGES.ownerOnlyAudience] }, values: parsed.values }, { status: 403 });
  }
  if (form.intent === "test") {
    await sendAnnouncementTest({ to: admin.email, subject: form.subject, bodyMd: form.bodyMd });
    return dataWithToast({ values: parsed.values }, { kind: "success", message: ANNOUNCEMENT_MESSAGES.testSent(admin.email) });
  }
  const { started } = await startAnnouncement({
    sendKey: form.sendKey,
    actorId: admin.id,
    subject: form.subject,
    bodyMd: form.bodyMd,
    audience: form.audience,
    courseId: form.audience === "course" ? form.courseId : null,
  });
  return redirectWithToast("/admin/announcements", {
    kind: "success",
    message: started ? ANNOUNCEMENT_MESSAGES.started : ANNOUNCEMENT_MESSAGES.alreadyStarted,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: announcementListUrl,
    failure: ANNOUNCEMENT_MESSAGES.listFailed,
    what: "admin announcement list",
    read: async ({ q, page }) => {
      const result = await listAdminAnnouncements({ query: q, page });
      const rows = result.announcements.map((row) => ({
        id: row.id,
        subject: row.subject,
        to: isOneOf(ANNOUNCEMENT_AUDIENCES, row.audience)
          ? row.audience === "course"
            ? `${ANNOUNCEMENT_AUDIENCE_LABELS.course}: ${row.courseTitle ?? "a deleted course"}`
            : ANNOUNCEMENT_AUDIENCE_LABELS[row.audience]
          : row.audience,
        sending: row.status === "sending",
        // Still moving: queuing, or queued messages not yet delivered or failed.
        moving: row.status === "sending" || row.sentCount + row.failedCount < row.queuedCount,
        status: row.status === "sent" ? ANNOUNCEMENT_STATUS_LABELS.sent : ANNOUNCEMENT_STATUS_LABELS.sending,
        progress: `${row.queuedCount.toLocaleString("en-US")} of ${row.recipientCount.toLocaleString("en-US")} queued`,
        delivered: `${row.sentCount.toLocaleString("en-US")} sent · ${row.failedCount.toLocaleString("en-US")} failed`,
        created: formatDateTime(row.createdAt),
      }));
      return { ...result, rows };
    },
  });
}
