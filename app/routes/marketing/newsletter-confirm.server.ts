import type { Route } from "./+types/newsletter-confirm";
import { confirmNewsletterSubscription, maskEmail } from "~/server/marketing/newsletter.server";

/** The link in the confirmation mail. Confirming twice is harmless, so a GET may do it. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmNewsletterSubscription({ token });
  return { status: result.status, email: result.email ? maskEmail(result.email) : null };
}
