import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { isDiscussionMailStopped, stopDiscussionMailFor } from "~/server/discussions/discussion-mail.server";
import { isValidUnsubscribeToken, listOptedOut, optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { maskEmail } from "~/server/marketing/newsletter.server";

/** The address of the link and which mail it stops, or null when address and token do not belong together. */
function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  const list = params.get("list") === "discussions" ? "discussions" : "marketing";
  return email && token && isValidUnsubscribeToken(email, token, list) ? { email, list } : null;
}

/**
 * /unsubscribe?email=…&token=…, the link in every marketing message (drip notices, announcements),
 * and with `list=discussions` the one in discussion mail (issue 42), which stops that mail only.
 * Opening it only asks (mail scanners fetch links); the button posts. A mail client's one-click
 * POST (RFC 8058, body `List-Unsubscribe=One-Click`) goes to the same address and unsubscribes at
 * once. Receipts and account mail are never stopped.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = linkOf(request);
  if (!link) return { email: null, done: false, list: "marketing" as const };
  // The discussion list is the account's own setting; marketing mail is by address.
  const done = link.list === "discussions" ? await isDiscussionMailStopped({ email: link.email }) : (await listOptedOut([link.email])).size > 0;
  return { email: maskEmail(link.email), done, list: link.list };
}

export async function action({ request }: Route.ActionArgs) {
  const link = linkOf(request);
  if (!link) return data({ unsubscribed: false }, { status: 400 });
  if (link.list === "discussions") await stopDiscussionMailFor({ email: link.email });
  else await optOutOfMarketingMail(link.email);
  return { unsubscribed: true };
}
