import { db, type Queryable } from "~/server/db/client.server";
import { contactMessages } from "~/server/db/schema";
import { contactMessageMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** A message as the contact form delivers it: checked, trimmed, the email lower-cased (app/routes/marketing/contact-form.ts). */
export type ContactForm = { name: string; email: string; message: string };

/**
 * Stores the message and queues its mail to the support address with the sender as Reply-To,
 * in one transaction: the mail queue retries until the mail server takes it, so nothing a
 * visitor wrote is lost, and the visitor does not wait for the mail server.
 */
export async function submitContactMessage({ form, database = db() }: { form: ContactForm; database?: Queryable }) {
  return database.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({ name: form.name, email: form.email, message: form.message })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    const { schoolName, supportEmail } = await getSiteSettings({ database: tx });
    await sendMail(
      {
        kind: "contact",
        key: `contact:${saved!.id}`,
        to: supportEmail,
        replyTo: form.email,
        ...contactMessageMail({ schoolName, name: form.name, email: form.email, message: form.message, messageId: saved!.id }),
      },
      { database: tx },
    );
    return saved!;
  });
}
