import { db, type Queryable } from "~/server/db/client.server";
import { contactMessages } from "~/server/db/schema";
import { contactMessageMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/transport.server";
import { logger } from "~/server/logger.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** A message as the contact form delivers it: checked, trimmed, the email lower-cased (app/routes/marketing/contact-form.ts). */
export type ContactForm = { name: string; email: string; message: string };

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
    const { schoolName, supportEmail } = await getSiteSettings({ database });
    await sendMail({
      to: supportEmail,
      replyTo: form.email,
      ...contactMessageMail({ schoolName, name: form.name, email: form.email, message: form.message, messageId: saved!.id }),
    });
  } catch (error) {
    logger.error({ err: error, messageId: saved!.id }, "contact message mail failed; the message is stored");
  }
  return saved!;
}
