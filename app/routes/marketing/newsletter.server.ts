import { data, redirect, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { safeNextPath } from "~/lib/safe-next";
import { consumeFormAllowance } from "~/server/marketing/form-rate-limits.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { newsletterForm, newsletterReplyTo, type NewsletterStatus } from "~/lib/forms/newsletter-form";
import { readForm } from "~/server/action.server";

const STATUS_CODES: Record<NewsletterStatus, number> = { sent: 200, invalid: 400, limited: 429 };

/**
 * Subscribes an address (double opt-in). A fetcher (JavaScript on) gets the result as data; a
 * plain form post is sent back to the page it came from with the result in `?newsletter=`, so
 * the footer form works without JavaScript too.
 */
export async function newsletterAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const form = await readForm(request);
  const reply = newsletterReplyTo.parse(Object.fromEntries(form));
  const parsed = parseForm(newsletterForm, form);
  let status: NewsletterStatus = "invalid";
  if (!parsed.errors) {
    // Each sign-up mails a confirmation to the address given: a few per client address.
    const wait = await consumeFormAllowance({ form: "/newsletter", clientIp: context.get(requestInfoContext).clientIp });
    status = wait ? "limited" : "sent";
    if (!wait) await subscribeToNewsletter({ email: parsed.data.email });
  }

  if (reply.mode === "fetcher") return data({ status }, { status: STATUS_CODES[status] });

  const back = new URL(safeNextPath(reply.redirectTo, "/newsletter"), "http://local.invalid");
  back.searchParams.set("newsletter", `${reply.formId}.${status}`);
  return redirect(`${back.pathname}${back.search}#newsletter-${reply.formId}`, 303);
}
