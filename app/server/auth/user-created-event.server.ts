import { userItem } from "~/server/api/api-shapes.server";
import type { Queryable } from "~/server/db/client.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";

/**
 * `user.created` for every way a user is made. The owner's set-up, the `ADMIN_EMAIL` bootstrap and
 * the CLI write it in the transaction that writes the row. A sign-up through Better Auth writes it
 * from the `databaseHooks.user.create.after` hook, just after the row is written: Better Auth's
 * adapter here has no transactions (a wrapped adapter that wrote both in one hung on PGlite's
 * single connection), so a crash between the two writes would lose that one event.
 */

type UserRecord = {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified?: boolean;
  createdAt?: Date;
  lastSignInAt?: Date | null;
};

/** The event itself, for every place that creates a user (sign-up, the owner's set-up, an admin). */
export async function emitUserCreated({ tx, user }: { tx: Queryable; user: UserRecord }) {
  await emitWebhookEvent({
    tx,
    type: "user.created",
    data: {
      user: userItem({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role ?? null,
        emailVerified: user.emailVerified ?? false,
        createdAt: user.createdAt ?? new Date(),
        lastSignInAt: user.lastSignInAt ?? null,
      }),
    },
  });
}
