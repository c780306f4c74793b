import { z } from "~/lib/forms/zod";
import { emailField, requiredText } from "~/lib/forms/fields";
import { CONTACT_LIMITS } from "~/lib/forms/limits";

/** The contact form (§5): name, email and message are required and the email must look like one. */
export const contactForm = z.object({
  name: requiredText("Please enter your name.", { max: CONTACT_LIMITS.name, tooLong: "Please keep your name under 120 characters." })
    // A name is one line: no line breaks to smuggle into the mail subject.
    .transform((name) => name.replace(/\s+/g, " ")),
  email: emailField({
    required: "Please enter your email address.",
    invalid: "Please enter a valid email address.",
    tooLong: "That email address is too long.",
  }),
  message: requiredText("Please enter a message.", {
    max: CONTACT_LIMITS.message,
    tooLong: "Please keep your message under 5,000 characters.",
  }),
  // A field no person can see: bots fill it in.
  website: z.string().optional(),
});
