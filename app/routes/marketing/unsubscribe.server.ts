import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { isValidUnsubscribeToken, listOptedOut, optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { maskEmail } from "~/server/marketing/newsletter.server";

/** The address and token of the link, or null when they do not belong together. */
function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  return email && token && isValidUnsubscribeToken(email, token) ? email : null;
}

/**
 * /unsubscribe?email=…&token=…, the link in every marketing message (drip notices, announcements).
 * Opening it only asks (mail scanners fetch links); the button posts. A mail client's one-click
 * POST (RFC 8058, body `List-Unsubscribe=One-Click`) goes to the same address and unsubscribes at
 * once. Receipts and account mail are never stopped.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const email = linkOf(request);
  return { email: email ? maskEmail(email) : null, done: email ? (await listOptedOut([email])).size > 0 : false };
}

export async function action({ request }: Route.ActionArgs) {
  const email = linkOf(request);
  if (!email) return data({ unsubscribed: false }, { status: 400 });
  await optOutOfMarketingMail(email);
  return { unsubscribed: true };
}
