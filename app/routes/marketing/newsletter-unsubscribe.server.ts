import { z } from "zod";
import { parseForm } from "~/lib/forms/parse-form";
import { readForm } from "~/server/action.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { findNewsletterSubscription, maskEmail, unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";

/** The unsubscribe page's one button carries the link's token. */
export const unsubscribeForm = z.object({ token: z.string().trim().max(200).catch("") });

/** Unsubscribes; an unknown or replaced token answers "invalid" and the page says the link does not work. */
export async function unsubscribeAction({ request }: { request: Request }) {
  const parsed = parseForm(unsubscribeForm, await readForm(request));
  const result = await unsubscribeFromNewsletter({ token: parsed.data?.token ?? "" });
  return { status: result.status };
}

/**
 * Opening the link only asks; the button posts. Mail scanners that fetch every link in a
 * message must not unsubscribe anyone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await findNewsletterSubscription({ token });
  return {
    token: subscription ? token : null,
    email: subscription ? maskEmail(subscription.email) : null,
    alreadyUnsubscribed: subscription?.status === "unsubscribed",
  };
}

export function action({ request }: Route.ActionArgs) {
  return unsubscribeAction({ request });
}
