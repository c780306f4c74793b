import { and, asc, eq, ne } from "drizzle-orm";
import { hasActiveEnrollment } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { db, type Queryable } from "~/server/db/client.server";
import { courseBumps, courses } from "~/server/db/schema";
import { BUMP_MESSAGES } from "~/lib/order-bump-messages";

/**
 * Order bumps (docs/decisions/067): a course's checkout offers one other course, at a special
 * price, in a box the buyer ticks. The offer is read from the database each time the checkout is
 * priced, so the price paid is the price stored at that moment.
 */

/** Why a bump was not stored: the field it is about and the message for it. */
export class BumpRefusedError extends Error {
  constructor(
    readonly field: "offerCourseId" | "bumpPrice",
    readonly reason: string,
  ) {
    super(reason);
    this.name = "BumpRefusedError";
  }
}

/** The course's bump as the admin form shows it, with the courses it may offer (published, not itself). */
export async function getCourseBumpForEdit({ courseId }: { courseId: string }) {
  const [bump] = await db().select().from(courseBumps).where(eq(courseBumps.courseId, courseId));
  const choices = await db()
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.status, "published"), ne(courses.id, courseId)))
    .orderBy(asc(courses.title));
  return { bump: bump ?? null, choices };
}

/**
 * Stores the course's one bump (replacing the one it had). Refused, with nothing stored: a course
 * that is not published (a draft, or gone), the course itself, a negative price.
 */
export async function saveCourseBump({
  courseId,
  offerCourseId,
  priceCents,
  pitch,
}: {
  courseId: string;
  offerCourseId: string;
  priceCents: number;
  pitch: string;
}) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new BumpRefusedError("bumpPrice", BUMP_MESSAGES.negativePrice);
  if (offerCourseId === courseId) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.sameCourse);
  return db().transaction(async (tx) => {
    const [own] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("share");
    if (!own) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.courseGone);
    const [offered] = await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, offerCourseId)).for("share");
    if (offered?.status !== "published") throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.notForSale);
    const [saved] = await tx
      .insert(courseBumps)
      .values({ courseId, offerCourseId, priceCents, pitch })
      .onConflictDoUpdate({ target: courseBumps.courseId, set: { offerCourseId, priceCents, pitch, updatedAt: new Date() } })
      .returning();
    return saved!;
  });
}

export async function removeCourseBump({ courseId }: { courseId: string }) {
  const removed = await db().delete(courseBumps).where(eq(courseBumps.courseId, courseId)).returning({ id: courseBumps.id });
  return removed.length > 0;
}

/** The bump as the checkout offers it: the course, its usual price, the special price and the pitch. */
export type CheckoutBump = {
  courseId: string;
  title: string;
  pitch: string;
  /** The offered course's own price, to show the saving. */
  usualPriceCents: number;
  priceCents: number;
};

/**
 * The bump a course's checkout shows, or null: none is set, the offered course is not published
 * (any more), or the buyer holds it already (a purchase, a grant, the membership).
 */
export async function findCheckoutBump({
  courseId,
  userId,
  database = db(),
}: {
  courseId: string;
  userId: string;
  database?: Queryable;
}): Promise<CheckoutBump | null> {
  const [row] = await database
    .select({
      courseId: courses.id,
      title: courses.title,
      status: courses.status,
      usualPriceCents: courses.priceCents,
      priceCents: courseBumps.priceCents,
      pitch: courseBumps.pitch,
    })
    .from(courseBumps)
    .innerJoin(courses, eq(courses.id, courseBumps.offerCourseId))
    .where(eq(courseBumps.courseId, courseId));
  if (!row || row.status !== "published") return null;
  if (userId && ((await hasActiveEnrollment({ userId, courseId: row.courseId })) || (await hasActiveMembership({ userId })))) return null;
  const { status: _status, ...bump } = row;
  return bump;
}
