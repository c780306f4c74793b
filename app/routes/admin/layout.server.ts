import type { Route } from "./+types/layout";
import { requireAdmin } from "~/server/auth/guards.server";
import { sendToOwnerSetupWhileNoAdmin } from "~/server/users/owner-setup.server";

/**
 * The layout's own check; every child loader and action still checks for itself. On a first run
 * with no admin at all, the back office is the owner-setup form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await sendToOwnerSetupWhileNoAdmin({ context });
  const admin = requireAdmin({ request, context });
  return { admin: { name: admin.name, email: admin.email, role: admin.role } };
}
