import { desc, gte } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

/** How many accounts there are, or how many were created since `since`. */
export async function countUsers({ since }: { since?: Date } = {}) {
  return db().$count(users, since ? gte(users.createdAt, since) : undefined);
}

/** The newest accounts first. */
export async function listRecentUsers({ limit }: { limit: number }) {
  return db()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}
