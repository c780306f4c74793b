import { and, eq, isNull, notLike, or } from "drizzle-orm";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { db } from "~/server/db/client.server";
import { courses } from "~/server/db/schema";
import { listLegalPages } from "~/server/pages/legal-pages.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { countDemoContent, hasDemoContent } from "~/server/db/seed/remove-demo.server";

/**
 * The dashboard's getting-started checklist (issue 38, docs/decisions/052-make-it-yours.md): each
 * step read from what the school holds now, linked to where it is done. The list is shown until
 * every step is done.
 */
export type GettingStartedStep = { id: string; label: string; done: boolean; href: string; linkLabel: string };

export async function readGettingStarted(): Promise<GettingStartedStep[]> {
  const [settings, legal, published, demo] = await Promise.all([
    getSiteSettings(),
    listLegalPages(),
    // The owner's own: a published demo course is not their first course.
    db().$count(courses, and(eq(courses.status, "published"), or(isNull(courses.authorId), notLike(courses.authorId, "demo-%")))),
    countDemoContent(),
  ]);
  return [
    {
      id: "identity",
      label: "Give the school its name and logo",
      done: settings.schoolName !== DEFAULT_SITE_SETTINGS.schoolName && settings.logoUrl !== DEFAULT_SITE_SETTINGS.logoUrl,
      href: "/admin/settings",
      linkLabel: "Open Settings",
    },
    {
      // The sender (docs/decisions/051): until the owner names an address, mail leaves from MAIL_FROM's.
      id: "sender",
      label: "Choose who the school's e-mail comes from",
      done: settings.senderEmail.trim() !== "",
      href: "/admin/settings",
      linkLabel: "Open Settings",
    },
    {
      id: "legal",
      label: "Make the privacy policy, terms and refund policy yours",
      done: legal.every((page) => !page.holdsDemoText),
      href: "/admin/pages",
      linkLabel: "Open Pages",
    },
    {
      id: "course",
      label: "Publish your first course",
      done: published > 0,
      href: "/admin/courses",
      linkLabel: "Open Courses",
    },
    {
      id: "payments",
      label: "Connect payments, or choose test mode",
      done: paymentsMode() !== "none",
      href: "/admin/system",
      linkLabel: "Open System",
    },
    {
      id: "demo",
      label: "Remove the demo content",
      done: !hasDemoContent(demo),
      href: "/admin#demo-content",
      linkLabel: "Open Demo content",
    },
  ];
}
