import { z } from "~/lib/forms/zod";
import { emailField } from "~/lib/forms/fields";

/** Every "Get Playbooks" form (footer, testimonials, /newsletter) posts an address to /newsletter. */
export const newsletterForm = z.object({
  email: emailField({
    required: "Enter your email address.",
    invalid: "Enter a valid email address.",
    tooLong: "That email address is too long.",
  }),
});

/** What the form shows after a submission: a confirmation mail sent, a refused address, or too many sign-ups from one network. */
export const NEWSLETTER_STATUSES = ["sent", "invalid", "limited"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Where the answer goes, read even when the address is refused: which form on the page sent it
 * (`formId`), the page a plain post goes back to (`redirectTo`), and whether a fetcher sent it.
 */
export const newsletterReplyTo = z.object({
  formId: z
    .string()
    .regex(/^[a-z-]{1,20}$/)
    .catch("page"),
  redirectTo: z.string().catch(""),
  mode: z.literal("fetcher").optional().catch(undefined),
});
