import { z } from "zod";
import { db, type Queryable } from "~/server/db/client.server";
import { contactMessages } from "~/server/db/schema";
import { getConfig } from "~/server/config.server";
import { contactMessageMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/transport.server";
import { logger } from "~/server/logger.server";

/** The contact form: name, email and message are required and the email must look like one. */
export const contactFormSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(120, "Please keep your name under 120 characters.")
    // A name is one line: no line breaks to smuggle into the mail subject.
    .transform((name) => name.replace(/\s+/g, " ")),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(5000, "Please keep your message under 5,000 characters."),
});

export type ContactForm = z.infer<typeof contactFormSchema>;

/**
 * Stores the message and mails it to the support address with the sender as Reply-To. The
 * message is kept even if the mail cannot be sent, so nothing a visitor wrote is lost.
 */
export async function submitContactMessage({ form, database = db() }: { form: ContactForm; database?: Queryable }) {
  const [saved] = await database
    .insert(contactMessages)
    .values({ name: form.name, email: form.email, message: form.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  try {
    await sendMail({
      to: getConfig().mail.support,
      replyTo: form.email,
      ...contactMessageMail({ schoolName: "Launchpad Academy", name: form.name, email: form.email, message: form.message, messageId: saved!.id }),
    });
  } catch (error) {
    logger.error({ err: error, messageId: saved!.id }, "contact message mail failed; the message is stored");
  }
  return saved!;
}
