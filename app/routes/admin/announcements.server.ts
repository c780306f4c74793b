import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { ANNOUNCEMENT_MESSAGES } from "~/lib/announcements";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listCouponCourseChoices } from "~/server/coupons/admin-coupons.server";
import { sendAnnouncementTest, startAnnouncement } from "~/server/marketing/announcements.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { announcementForm } from "./announcement-form";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** New announcement: the courses to choose from and a fresh send key (a double submit of this form sends once). */
export async function newAnnouncementLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  const courses = await listCouponCourseChoices();
  return { courses: courses.map(({ id, title }) => ({ id, title })), sendKey: crypto.randomUUID() };
}

/** "Send test to me" mails the draft to the admin; "Send" starts the job and goes to the list, where its progress shows. */
export async function newAnnouncementAction({ request, context }: Args) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(announcementForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;
  if (form.intent === "test") {
    await sendAnnouncementTest({ to: admin.email, subject: form.subject, bodyMd: form.body_md });
    return dataWithToast({ values: parsed.values }, { kind: "success", message: ANNOUNCEMENT_MESSAGES.testSent(admin.email) });
  }
  const { started } = await startAnnouncement({
    sendKey: form.send_key,
    actorId: admin.id,
    subject: form.subject,
    bodyMd: form.body_md,
    audience: form.audience,
    courseId: form.audience === "course" ? form.course_id : null,
  });
  return redirectWithToast("/admin/announcements", {
    kind: "success",
    message: started ? ANNOUNCEMENT_MESSAGES.started : ANNOUNCEMENT_MESSAGES.alreadyStarted,
  });
}
