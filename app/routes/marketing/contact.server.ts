import { data, redirect, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { requestInfoContext } from "~/lib/request-context";
import { invalidForm, readForm } from "~/server/action.server";
import { submitContactMessage } from "~/server/marketing/contact.server";
import { consumeFormAllowance, tooManySubmissionsMessage } from "~/server/marketing/form-rate-limits.server";
import { contactForm } from "./contact-form";
import type { Route } from "./+types/contact";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";

const SENT = "/contact?sent=1";

/** Stores and forwards a contact message, then shows the thank-you state (a redirect, so a reload does not send it twice). */
export async function contactAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const parsed = parseForm(contactForm, await readForm(request));
  // A bot that filled the hidden field gets the same answer, without being stored.
  if (parsed.values.website) return redirect(SENT);
  if (parsed.errors) return invalidForm(parsed);
  // Each message lands in the support inbox: a few per address and quarter of an hour.
  const wait = await consumeFormAllowance({ form: "/contact", clientIp: context.get(requestInfoContext).clientIp });
  if (wait) return data({ error: tooManySubmissionsMessage(wait), values: parsed.values }, { status: 429 });
  const { name, email, message } = parsed.data;
  await submitContactMessage({ form: { name, email, message } });
  return redirect(SENT);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { supportEmail } = await getRequestSiteSettings({ context });
  return { supportEmail, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction({ request, context });
}
