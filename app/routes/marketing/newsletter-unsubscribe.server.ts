import { z } from "zod";
import { parseForm } from "~/lib/forms/parse-form";
import { unsubscribeFromNewsletter } from "~/server/marketing/newsletter.server";
import { readForm } from "~/server/action.server";

/** The unsubscribe page's one button carries the link's token. */
export const unsubscribeForm = z.object({ token: z.string().trim().max(200).catch("") });

/** Unsubscribes; an unknown or replaced token answers "invalid" and the page says the link does not work. */
export async function unsubscribeAction({ request }: { request: Request }) {
  const parsed = parseForm(unsubscribeForm, await readForm(request));
  const result = await unsubscribeFromNewsletter({ token: parsed.data?.token ?? "" });
  return { status: result.status };
}
