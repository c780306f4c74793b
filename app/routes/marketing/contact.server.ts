import { redirect } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm } from "~/server/action.server";
import { submitContactMessage } from "~/server/marketing/contact.server";
import { contactForm } from "./contact-form";

const SENT = "/contact?sent=1";

/** Stores and forwards a contact message, then shows the thank-you state (a redirect, so a reload does not send it twice). */
export async function contactAction({ request }: { request: Request }) {
  const parsed = parseForm(contactForm, await request.formData());
  // A bot that filled the hidden field gets the same answer, without being stored.
  if (parsed.values.website) return redirect(SENT);
  if (parsed.errors) return invalidForm(parsed);
  const { name, email, message } = parsed.data;
  await submitContactMessage({ form: { name, email, message } });
  return redirect(SENT);
}
