import { formatDate } from "~/lib/dates";
import type { Route } from "./+types/subscribers";
import { SUBSCRIBER_MESSAGES, subscriberListUrl } from "~/lib/subscribers";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminSubscribers } from "~/server/marketing/subscribers.server";

/** Admin → Subscribers: one page of the newsletter's list; the import is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin({ request, context });
  const list = await readAdminList({
    request,
    list: subscriberListUrl,
    failure: SUBSCRIBER_MESSAGES.listFailed,
    what: "admin subscriber list",
    read: async ({ q, state, page }) => {
      const result = await listAdminSubscribers({ query: q, state, page });
      // Dates are formatted here so the server's and the browser's time zones cannot disagree.
      const rows = result.subscribers.map((row) => ({
        id: row.id,
        email: row.email,
        state: row.state,
        signedUp: formatDate(row.createdAt),
        consent: row.confirmedAt ? `${formatDate(row.confirmedAt)} · ${row.consentSource ?? SUBSCRIBER_MESSAGES.siteSignUp}` : null,
      }));
      return { ...result, rows };
    },
  });
  return { ...list, canImport: admin.role === "super_admin" };
}
