import { formatDateTime } from "~/lib/dates";
import { SET_PASSWORD_LINK_DAYS } from "~/server/auth/set-password-links.server";
/**
 * Every message the site sends, in one place: the words, the subject and the layout. Senders
 * pick a template, fill it and hand the result to `sendMail`; no message body is written
 * anywhere else. `schoolName` comes from the site settings at the time of sending.
 */

export type MailContent = { subject: string; text: string; html: string };

type Layout = { schoolName: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Every message's body: a long word (a URL pasted into an announcement, a link to paste into the
 * browser) breaks where it must instead of widening the message past the screen of a phone.
 * Both properties, as mail clients support one or the other.
 */
const BODY_STYLE =
  "font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px;overflow-wrap:anywhere;word-break:break-word";

/** The school's mail layout: a plain-text part and a simple HTML part with the same words. */
export function layoutMail({ schoolName, heading, paragraphs, action }: Layout) {
  const signature = `— ${schoolName}`;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    signature,
  ].join("\n");
  const html = `<!doctype html><html><body style="${BODY_STYLE}">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:12px;color:#64748b">${escapeHtml(signature)}</p></body></html>`;
  return { text, html };
}

const compose = (subject: string, layout: Layout): MailContent => ({ subject, ...layoutMail(layout) });

/**
 * The confirmation link. The address is not confirmed yet, so nothing anyone typed at sign-up
 * (the name) is in it: only the school's own words and the link.
 */
export function verifyEmailMail({ schoolName, url }: { schoolName: string; url: string }) {
  return compose(`Confirm your ${schoolName} account`, {
    schoolName,
    heading: `Confirm your email for ${schoolName}`,
    paragraphs: [
      `Welcome! Confirm your address to finish creating your ${schoolName} account.`,
      "The link works for 24 hours. If you did not sign up, ignore this email.",
    ],
    action: { label: "Confirm my email", url },
  });
}

export function existingAccountMail({ schoolName, email, origin }: { schoolName: string; email: string; origin: string }) {
  return compose(`Your ${schoolName} account`, {
    schoolName,
    heading: `You already have a ${schoolName} account`,
    paragraphs: [
      `Someone tried to create a new account for ${email}, which already has one. If it was you, sign in instead, or reset your password if you forgot it.`,
      `Reset your password: ${origin}/reset-password`,
      "If it was not you, ignore this email: nothing has changed.",
    ],
    action: { label: "Sign in", url: `${origin}/login` },
  });
}

export function resetPasswordMail({ schoolName, email, url }: { schoolName: string; email: string; url: string }) {
  return compose(`Reset your ${schoolName} password`, {
    schoolName,
    heading: "Reset your password",
    paragraphs: [
      `Someone asked to reset the password of the ${schoolName} account for ${email}.`,
      "The link works for one hour. If it was not you, ignore this email: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
  });
}

export function newsletterConfirmMail({
  schoolName,
  confirmUrl,
  unsubscribeUrl,
}: {
  schoolName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}) {
  return compose(`Confirm your subscription to ${schoolName} playbooks`, {
    schoolName,
    heading: `Confirm your ${schoolName} playbooks subscription`,
    paragraphs: [
      `Someone (hopefully you) asked to receive new playbooks from ${schoolName} at this address. Confirm with the button below and we'll send you practical playbooks on Shopify, AI and automation, about twice a month.`,
      "If this wasn't you, ignore this email: you won't hear from us again.",
      `Changed your mind later? Unsubscribe at any time: ${unsubscribeUrl}`,
    ],
    action: { label: "Confirm subscription", url: confirmUrl },
  });
}

export function contactMessageMail({
  schoolName,
  name,
  email,
  message,
  messageId,
}: {
  schoolName: string;
  name: string;
  email: string;
  message: string;
  messageId: string;
}) {
  return compose(`Contact form: ${name}`, {
    schoolName,
    heading: `New contact message from ${name}`,
    paragraphs: [
      `From: ${name} <${email}>`,
      ...message.split(/\n{2,}/),
      `Message id: ${messageId}. Reply to this email to answer the sender.`,
    ],
  });
}

/** An order refunded (by the school, or at Stripe): what was given back, what access ends, the credit note. */
export function orderRefundMail({
  schoolName,
  itemTitle,
  amount,
  orderId,
  membership,
  creditNote,
  testMode,
  url,
}: {
  schoolName: string;
  itemTitle: string;
  /** Formatted, e.g. "$197.00". */
  amount: string;
  orderId: string;
  membership: boolean;
  /** The refund's credit note: its number and the address of its PDF. */
  creditNote?: { number: string; url: string };
  testMode: boolean;
  url: string;
}) {
  return compose(`Your order for ${itemTitle} was refunded`, {
    schoolName,
    heading: "Your order was refunded",
    paragraphs: [
      `We refunded ${amount} for ${itemTitle}.`,
      membership
        ? "The membership this order started has ended, and with it access to the courses it opened."
        : `Access to ${itemTitle} that came with this order has ended. Courses you own in another way stay open.`,
      `Refunded order number: ${orderId}`,
      ...(creditNote ? [`Your credit note ${creditNote.number} (PDF): ${creditNote.url}`] : []),
      ...(testMode
        ? ["This order was placed in test mode: no money was taken."]
        : ["A refund takes a few days to reach your account, depending on your bank."]),
    ],
    action: { label: "Go to your account", url },
  });
}

/** One line of an order refunded on its own (docs/decisions/071): the order stays, for its other lines. */
export function orderLineRefundMail({
  schoolName,
  lineTitle,
  amount,
  orderId,
  creditNote,
  testMode,
  url,
}: {
  schoolName: string;
  lineTitle: string;
  /** Formatted, e.g. "$30.00". */
  amount: string;
  orderId: string;
  /** The line's credit note: its number and the address of its PDF. */
  creditNote: { number: string; url: string };
  testMode: boolean;
  url: string;
}) {
  return compose(`${lineTitle} was refunded from your order`, {
    schoolName,
    heading: "Part of your order was refunded",
    paragraphs: [
      `We refunded ${amount} for ${lineTitle}, one line of your order.`,
      `Access to ${lineTitle} that came with this line has ended. The rest of your order is still yours, and courses you own in another way stay open.`,
      `Order number: ${orderId}`,
      `Your credit note ${creditNote.number} (PDF): ${creditNote.url}`,
      ...(testMode
        ? ["This order was placed in test mode: no money was taken."]
        : ["A refund takes a few days to reach your account, depending on your bank."]),
    ],
    action: { label: "Go to your account", url },
  });
}

/** A second payment for what the buyer had just bought (two checkout tabs), given back at once. */
export function duplicateOrderRefundMail({
  schoolName,
  itemTitle,
  amount,
  orderId,
  testMode,
  url,
}: {
  schoolName: string;
  itemTitle: string;
  amount: string;
  orderId: string;
  testMode: boolean;
  url: string;
}) {
  return compose(`Your payment for ${itemTitle} was refunded`, {
    schoolName,
    heading: "You paid twice, so we refunded one payment",
    paragraphs: [
      `${itemTitle} was paid for twice at about the same time, probably from two tabs or windows. You keep it; the second payment of ${amount} has been refunded in full and nothing more will be charged for it.`,
      `Refunded order number: ${orderId}`,
      ...(testMode
        ? ["This order was placed in test mode: no money was taken."]
        : ["A refund takes a few days to reach your account, depending on your bank."]),
    ],
    action: { label: "Go to your account", url },
  });
}

export function orderReceiptMail({
  schoolName,
  itemTitle,
  amount,
  paidOn,
  discount,
  tax,
  orderId,
  membership,
  testMode,
  url,
  invoice,
  setPasswordUrl,
  lines,
  includes,
}: {
  schoolName: string;
  itemTitle: string;
  /** Formatted, e.g. "$197.00". */
  amount: string;
  /** Formatted, e.g. "Nov 22, 2026". */
  paidOn: string;
  /** An order of several lines: each with what was paid for it ("Design Basics: $49.00"). */
  lines?: string[];
  /** A bundle's courses, each opened by the order (docs/decisions/062). */
  includes?: string[];
  /** A guest checkout's new account: the link that sets its password (and confirms the address). */
  setPasswordUrl?: string;
  /** The order's invoice: its number and the address of its PDF (for the buyer, signed in). */
  invoice?: { number: string; url: string };
  /** A coupon's line ("List price $200.00, discount $50.00 with the code LAUNCH."), when one was used. */
  discount?: string;
  /** The tax and total line ("Tax (France, 20%): $39.40. Total: $236.40 USD."), when tax was charged. */
  tax?: string;
  orderId: string;
  /** The membership's renewal line ("Renews every month until you cancel."), for a membership order. */
  membership?: string;
  testMode: boolean;
  url: string;
}) {
  return compose(`Your ${schoolName} receipt: ${itemTitle}`, {
    schoolName,
    heading: "Thank you for your purchase",
    paragraphs: [
      `You bought ${itemTitle} for ${amount} on ${paidOn}.`,
      ...(lines && lines.length > 1 ? [`In this order: ${lines.join("; ")}.`] : []),
      ...(includes && includes.length > 0 ? [`It opens ${includes.length === 1 ? "this course" : `these ${includes.length} courses`}: ${includes.join(", ")}.`] : []),
      ...(discount ? [discount] : []),
      ...(tax ? [tax] : []),
      ...(membership ? [membership] : []),
      `Order number: ${orderId}`,
      ...(invoice ? [`Your invoice ${invoice.number} (PDF): ${invoice.url}`] : []),
      ...(setPasswordUrl
        ? [
            `Your purchase is in an account under this address. Set its password to sign in and start (the link works once, for ${SET_PASSWORD_LINK_DAYS} days): ${setPasswordUrl}`,
          ]
        : []),
      ...(testMode ? ["This order was placed in test mode: no money was taken."] : []),
      "Keep this email as your receipt. Questions about your order? Reply to this email.",
    ],
    action: setPasswordUrl
      ? { label: "Set your password", url: setPasswordUrl }
      : { label: membership ? "Browse your courses" : "Start learning", url },
  });
}

/** Sent once, when a learner completes every lesson of a course that gives certificates. */
export function certificateIssuedMail({
  schoolName,
  learnerName,
  courseTitle,
  number,
  url,
}: {
  schoolName: string;
  learnerName: string;
  courseTitle: string;
  number: string;
  url: string;
}) {
  return compose(`Your certificate for ${courseTitle}`, {
    schoolName,
    heading: `Congratulations, ${learnerName}!`,
    paragraphs: [
      `You completed every lesson of ${courseTitle}, and your certificate of completion is ready.`,
      `Certificate number: ${number}. Anyone you share the link with can check that it is genuine.`,
    ],
    action: { label: "View your certificate", url },
  });
}

/** The daily drip notice: the modules that opened for this learner, with the marketing unsubscribe link. */
export function dripOpenedMail({
  schoolName,
  learnerName,
  modules,
  unsubscribeUrl,
}: {
  schoolName: string;
  learnerName: string;
  modules: { moduleTitle: string; courseTitle: string; url: string }[];
  unsubscribeUrl: string;
}) {
  const [first] = modules;
  return compose(modules.length === 1 ? `New lessons are open: ${first.moduleTitle}` : `${modules.length} new modules are open`, {
    schoolName,
    heading: `Hi ${learnerName}, new lessons are ready`,
    paragraphs: [
      ...modules.map((module) => `${module.moduleTitle}, in ${module.courseTitle}: ${module.url}`),
      `You get these notes because you take courses at ${schoolName}. Stop them: ${unsubscribeUrl}`,
    ],
    action: { label: "Continue learning", url: first.url },
  });
}

/** One reminder of a checkout left unpaid (issue 39): its link, with the coupon it had, and the marketing unsubscribe link. */
export function checkoutReminderMail({
  schoolName,
  name,
  itemTitle,
  url,
  unsubscribeUrl,
}: {
  schoolName: string;
  name: string;
  itemTitle: string;
  url: string;
  unsubscribeUrl: string;
}) {
  return compose(`Still thinking about ${itemTitle}?`, {
    schoolName,
    heading: `Hi ${name}, your checkout is waiting`,
    paragraphs: [
      `You started buying ${itemTitle} and did not finish. Your checkout is kept as you left it, with any coupon you used.`,
      `This is the only reminder we send for it. Stop notes like this one: ${unsubscribeUrl}`,
    ],
    action: { label: "Finish your checkout", url },
  });
}

/** A membership trial ends in three days (docs/decisions/066): when the first charge is, of how much, and how to cancel. */
export function trialReminderMail({
  schoolName,
  name,
  planTitle,
  firstCharge,
  firstChargeOn,
  accountUrl,
}: {
  schoolName: string;
  name: string;
  planTitle: string;
  /** The amount, formatted ("$97.00"). */
  firstCharge: string;
  /** The date, formatted. */
  firstChargeOn: string;
  accountUrl: string;
}) {
  return compose(`Your free trial ends on ${firstChargeOn}`, {
    schoolName,
    heading: `Hi ${name}, your free trial ends soon`,
    paragraphs: [
      `Your free trial of ${planTitle} ends on ${firstChargeOn}. That day your first payment of ${firstCharge} is charged, and your membership carries on.`,
      "Not for you? Cancel on your account page before then: nothing is charged, and your access ends when the trial does.",
    ],
    action: { label: "Manage your membership", url: accountUrl },
  });
}

/** A payment plan's instalment failed (docs/decisions/069): what, by when it must be paid, and where to change the card. */
export function planPaymentFailedMail({
  schoolName,
  name,
  title,
  amount,
  number,
  payments,
  pausesOn,
  updateCardUrl,
}: {
  schoolName: string;
  name: string;
  title: string;
  /** The instalment, formatted ("$69.00"). */
  amount: string;
  number: number;
  payments: number;
  /** The day access pauses if it is still unpaid, formatted. */
  pausesOn: string;
  updateCardUrl: string;
}) {
  return compose(`Your payment for ${title} failed`, {
    schoolName,
    heading: `Hi ${name}, a payment did not go through`,
    paragraphs: [
      `Payment ${number} of ${payments} for ${title} (${amount}) was declined.`,
      `Please update your card. If it is still unpaid on ${pausesOn}, your access to the course is paused until it is paid.`,
    ],
    action: { label: "Update my card", url: updateCardUrl },
  });
}

/** The daily new-lesson notice of courses that turned it on: the lessons added since yesterday, with the marketing unsubscribe link. */
export function newLessonsMail({
  schoolName,
  learnerName,
  lessons,
  unsubscribeUrl,
}: {
  schoolName: string;
  learnerName: string;
  lessons: { lessonTitle: string; courseTitle: string; url: string }[];
  unsubscribeUrl: string;
}) {
  const [first] = lessons;
  return compose(lessons.length === 1 ? `New lesson: ${first.lessonTitle}` : `${lessons.length} new lessons`, {
    schoolName,
    heading: `Hi ${learnerName}, there is something new to learn`,
    paragraphs: [
      ...lessons.map((lesson) => `${lesson.lessonTitle}, in ${lesson.courseTitle}: ${lesson.url}`),
      `You get these notes because you take courses at ${schoolName}. Stop them: ${unsubscribeUrl}`,
    ],
    action: { label: lessons.length === 1 ? "Open the lesson" : "Continue learning", url: first.url },
  });
}

/** An announcement: the owner's Markdown (rendered by the site's sanitising pipeline), the school's signature and the unsubscribe line. */
export function announcementMail({
  schoolName,
  subject,
  bodyHtml,
  bodyText,
  unsubscribeUrl,
}: {
  schoolName: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  unsubscribeUrl: string;
}): MailContent {
  const footer = `You get this as a learner or subscriber of ${schoolName}.`;
  const text = [bodyText, "", `— ${schoolName}`, "", `${footer} Unsubscribe: ${unsubscribeUrl}`].join("\n");
  const html = `<!doctype html><html><body style="${BODY_STYLE};line-height:1.6">
${bodyHtml}
<p style="font-size:12px;color:#64748b">— ${escapeHtml(schoolName)}</p>
<p style="font-size:12px;color:#64748b">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`;
  return { subject, text, html };
}

/** "Download my data" is ready: the link works for the person signed in, until `expiresAt`. */
export function dataExportReadyMail({ schoolName, url, expiresAt }: { schoolName: string; url: string; expiresAt: Date }) {
  const until = formatDateTime(expiresAt);
  return compose(`Your data from ${schoolName} is ready to download`, {
    schoolName,
    heading: "Your data is ready",
    paragraphs: [
      "A copy of everything this school holds about you is ready: your profile, orders, courses, progress, quiz attempts, certificates, reviews and discussion posts, as JSON files in a ZIP.",
      `The link works until ${until}, and only when you are signed in to your own account. After that, ask for a new copy from your account page.`,
      "If you did not ask for this, sign in and change your password.",
    ],
    action: { label: "Download your data", url },
  });
}

/** A learner imported from a CSV file (Admin → Users → Import): the account exists; the link sets its password. */
export function welcomeImportedLearnerMail({ schoolName, name, url, courses }: { schoolName: string; name: string; url: string; courses: string[] }) {
  return compose(`Welcome to ${schoolName}`, {
    schoolName,
    heading: name ? `Welcome, ${name}!` : "Welcome!",
    paragraphs: [
      `${schoolName} has made you an account with this e-mail address.`,
      ...(courses.length ? [`Your courses: ${courses.join(", ")}.`] : []),
      `Choose a password with the link below to sign in. It works once, for ${SET_PASSWORD_LINK_DAYS} days; after that, use “Forgot password?” on the sign-in page.`,
    ],
    action: { label: "Choose your password", url },
  });
}
