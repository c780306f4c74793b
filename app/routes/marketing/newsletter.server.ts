import { data, redirect } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { safeNextPath } from "~/lib/safe-next";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { newsletterForm, newsletterReplyTo } from "./newsletter-form";

/**
 * Subscribes an address (double opt-in). A fetcher (JavaScript on) gets the result as data; a
 * plain form post is sent back to the page it came from with the result in `?newsletter=`, so
 * the footer form works without JavaScript too.
 */
export async function newsletterAction({ request }: { request: Request }) {
  const form = await request.formData();
  const reply = newsletterReplyTo.parse(Object.fromEntries(form));
  const parsed = parseForm(newsletterForm, form);
  if (!parsed.errors) await subscribeToNewsletter({ email: parsed.data.email });
  const status = parsed.errors ? "invalid" : "sent";

  if (reply.mode === "fetcher") return data({ status }, { status: parsed.errors ? 400 : 200 });

  const back = new URL(safeNextPath(reply.redirectTo, "/newsletter"), "http://local.invalid");
  back.searchParams.set("newsletter", `${reply.formId}.${status}`);
  return redirect(`${back.pathname}${back.search}#newsletter-${reply.formId}`, 303);
}
