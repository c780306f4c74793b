import type { RouterContextProvider } from "react-router";
import { z } from "~/lib/forms/zod";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireUser } from "~/server/auth/guards.server";
import { setDiscussionMailEnabled } from "~/server/discussions/discussion-mail.server";
import { listNotifications, markNotificationsRead } from "~/server/discussions/discussion-notifications.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/** /account/notifications: what is new in discussions for this person, newest first. */
export async function notificationsLoader({ request, url, context }: Args) {
  const user = requireUser({ request, url, context });
  return { notifications: await listNotifications({ userId: user.id }) };
}

const notificationsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("read"), id: z.string().uuid() }),
  z.object({ intent: z.literal("discussion-mail"), enabled: z.enum(["true", "false"]) }),
]);

/** Marks one notification, or all of them, read: the bell's number goes down on the next render. */
export async function notificationsAction({ request, context }: Args) {
  const user = requireUser({ request, context });
  const parsed = parseForm(notificationsForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  if (parsed.data.intent === "discussion-mail") {
    const enabled = parsed.data.enabled === "true";
    await setDiscussionMailEnabled({ userId: user.id, enabled });
    return dataWithToast({ done: true }, { kind: "success", message: enabled ? "Discussion e-mails turned on" : "Discussion e-mails turned off" });
  }
  await markNotificationsRead({ userId: user.id, ids: parsed.data.intent === "read" ? [parsed.data.id] : undefined });
  return dataWithToast({ done: true }, { kind: "success", message: parsed.data.intent === "read" ? "Marked as read" : "All marked as read" });
}
