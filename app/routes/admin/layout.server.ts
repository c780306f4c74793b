import type { Route } from "./+types/layout";
import { requireAdminArea } from "~/server/auth/guards.server";
import { sendToOwnerSetupWhileNoAdmin } from "~/server/users/owner-setup.server";

/**
 * The layout's own check; every child loader and action still checks for itself. On a first run
 * with no admin at all, the back office is the owner-setup form. A course's instructor who is not
 * an admin reaches Admin → Discussions alone (`inboxOnly`, docs/decisions/059).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await sendToOwnerSetupWhileNoAdmin({ context });
  const { user, inboxOnly } = await requireAdminArea({ request, context });
  return { admin: { name: user.name, email: user.email, role: user.role }, inboxOnly };
}
