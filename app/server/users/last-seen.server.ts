import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

/**
 * "Last seen" (issue 39): a signed-in person's requests move `users.last_seen_at`, at most once per
 * five minutes. This process remembers when it last wrote each person, so most requests cost
 * nothing; the UPDATE's own condition keeps several processes from writing more often than that.
 */

export const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000;
/** People remembered by this process before it forgets them all (the database's check still holds). */
const REMEMBERED_MAX = 10_000;

const lastWritten = new Map<string, number>();

/** Notes that the person made a request now; true when that wrote the row. */
export async function noteUserSeen({ userId, now = new Date() }: { userId: string; now?: Date }): Promise<boolean> {
  const previous = lastWritten.get(userId);
  if (previous !== undefined && now.getTime() - previous < LAST_SEEN_INTERVAL_MS) return false;
  if (lastWritten.size >= REMEMBERED_MAX) lastWritten.clear();
  lastWritten.set(userId, now.getTime());
  const written = await db()
    .update(users)
    // updated_at keeps meaning "profile edited".
    .set({ lastSeenAt: now, updatedAt: sql`${users.updatedAt}` })
    .where(
      and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, new Date(now.getTime() - LAST_SEEN_INTERVAL_MS)))),
    )
    .returning({ id: users.id });
  return written.length > 0;
}

/** For tests: this process forgets whom it wrote (as another process would not know). */
export function forgetSeenUsers() {
  lastWritten.clear();
}
