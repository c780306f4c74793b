import { sql } from "drizzle-orm";
import type { AccessEventType, EnrollmentSource, Role } from "~/lib/domain-values";
import type { Queryable } from "~/server/db/client.server";
import { accessEvents } from "~/server/db/schema";

/**
 * The one writer of the audit trail (`access_events`): grants and revokes, purchases and refunds,
 * memberships started and ended, role changes. Every domain that changes someone's access or
 * role calls `recordAccessEvent` with its own transaction, so the row commits with the change.
 *
 * A row keeps what it names as it was (the person's and the actor's e-mails, the course title),
 * because it outlives them: deleting a user or a course sets the reference to null. Those values
 * are read here, unless the caller passes what must be kept instead (an order's e-mail and title
 * as sold) or has read them already.
 */

export type AccessSnapshot = { userEmail: string; courseTitle: string | null; actorEmail: string | null };

export type AccessEventInput = {
  type: AccessEventType;
  /** The person whose access or role changed; null when their account is gone (an order kept after). */
  userId: string | null;
  courseId?: string | null;
  /** Who did it; null for the system (checkout, the provider, the command line). */
  actorId?: string | null;
  source?: EnrollmentSource | null;
  orderId?: string | null;
  fromRole?: Role | null;
  toRole?: Role | null;
  note?: string;
  /** Values to keep instead of today's (each one given is not read). */
  snapshot?: Partial<AccessSnapshot>;
};

/**
 * When an audit event happened: the moment it is written, not `now()` (the start of its
 * transaction). Each event is written while its transaction holds the changed row's lock, so
 * this orders the trail as the changes really happened even when admins act at the same moment.
 */
const eventTime = sql`clock_timestamp()`;

/** The e-mails and the course title as they are now, in one query; null for what does not exist. */
export async function readAccessSnapshot({
  tx,
  userId,
  courseId = null,
  actorId = null,
}: {
  tx: Queryable;
  userId: string | null;
  courseId?: string | null;
  actorId?: string | null;
}) {
  const [row] = await tx
    .select({
      userEmail: sql<string | null>`(select u.email from users u where u.id = ${userId})`,
      courseTitle: sql<string | null>`(select c.title from courses c where c.id = ${courseId}::uuid)`,
      actorEmail: sql<string | null>`(select a.email from users a where a.id = ${actorId})`,
    })
    .from(sql`(select 1) as snapshot`);
  return { userEmail: row?.userEmail ?? null, courseTitle: row?.courseTitle ?? null, actorEmail: row?.actorEmail ?? null };
}

/** Writes one audit row in the caller's transaction. */
export async function recordAccessEvent({ tx, snapshot = {}, note = "", ...event }: AccessEventInput & { tx: Queryable }) {
  const known = (key: keyof AccessSnapshot) => key in snapshot;
  const missing = !known("userEmail") || (!known("courseTitle") && event.courseId) || (!known("actorEmail") && event.actorId);
  const current = missing ? await readAccessSnapshot({ tx, userId: event.userId, courseId: event.courseId, actorId: event.actorId }) : null;
  await tx.insert(accessEvents).values({
    type: event.type,
    userId: event.userId,
    courseId: event.courseId ?? null,
    actorId: event.actorId ?? null,
    source: event.source ?? null,
    orderId: event.orderId ?? null,
    fromRole: event.fromRole ?? null,
    toRole: event.toRole ?? null,
    note,
    userEmail: (known("userEmail") ? snapshot.userEmail : current?.userEmail) ?? "",
    courseTitle: (known("courseTitle") ? snapshot.courseTitle : current?.courseTitle) ?? null,
    actorEmail: (known("actorEmail") ? snapshot.actorEmail : current?.actorEmail) ?? null,
    createdAt: eventTime,
  });
}

/**
 * Many events in one insert (a CSV import's grants): each with its snapshot given, since the
 * caller has read every e-mail and title already. Same rows as `recordAccessEvent` writes.
 */
export async function recordAccessEvents({
  tx,
  events,
}: {
  tx: Queryable;
  events: (Omit<AccessEventInput, "snapshot"> & { snapshot: AccessSnapshot })[];
}) {
  if (events.length === 0) return;
  await tx.insert(accessEvents).values(
    events.map(({ snapshot, note = "", ...event }) => ({
      type: event.type,
      userId: event.userId,
      courseId: event.courseId ?? null,
      actorId: event.actorId ?? null,
      source: event.source ?? null,
      orderId: event.orderId ?? null,
      fromRole: event.fromRole ?? null,
      toRole: event.toRole ?? null,
      note,
      userEmail: snapshot.userEmail,
      courseTitle: snapshot.courseTitle,
      actorEmail: snapshot.actorEmail,
      createdAt: eventTime,
    })),
  );
}
