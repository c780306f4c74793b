import { userItem } from "~/server/api/api-shapes.server";
import { db, type Queryable } from "~/server/db/client.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";

/**
 * `user.created` in the transaction that writes the users row.
 *
 * Better Auth's `databaseHooks.user.create.after` runs after the write has committed (its adapter
 * here has no transactions), so a crash between the two would lose the event. Instead the
 * adapter's `create` for the user model runs in a transaction of ours, through an adapter bound
 * to that transaction, and the event is written beside the row: both commit or neither does.
 * Every other model goes to Better Auth's adapter as it is.
 */

type AuthAdapter = { create: (args: never) => Promise<unknown>; transaction: unknown };
type AdapterFactory<Options, Adapter extends AuthAdapter> = (options: Options) => Adapter;

export function withUserCreatedEvent<Options, Adapter extends AuthAdapter>({
  adapter,
  adapterFor,
}: {
  adapter: AdapterFactory<Options, Adapter>;
  /** The same adapter bound to a transaction. */
  adapterFor: (tx: Queryable) => AdapterFactory<Options, Adapter>;
}): AdapterFactory<Options, Adapter> {
  return (options) => {
    const instance = adapter(options);
    const create = (async (args: { model: string }) => {
      if (args.model !== "user") return instance.create(args as never);
      return db().transaction(async (tx) => {
        const created = (await adapterFor(tx)(options).create(args as never)) as UserRecord;
        await emitUserCreated({ tx, user: created });
        return created;
      });
    }) as Adapter["create"];
    // Without transactions, Better Auth's "transaction" hands the adapter itself to its callback
    // (and keeps it as the current one): it must hand this one, or `create` above is bypassed.
    const wrapped: Adapter = { ...instance, create };
    wrapped.transaction = (<T>(callback: (adapter: Adapter) => Promise<T>) => callback(wrapped)) as Adapter["transaction"];
    return wrapped;
  };
}

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
