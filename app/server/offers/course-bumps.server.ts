import { and, asc, eq, notInArray } from "drizzle-orm";
import { hasActiveEnrollment } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { db, type Queryable } from "~/server/db/client.server";
import { bundleCourses, bundles, courseBumps, courses } from "~/server/db/schema";
import { BUMP_MESSAGES } from "~/lib/order-bump-messages";
import { isUuid } from "~/lib/uuid";

/**
 * Order bumps (docs/decisions/067): a course's checkout, or a bundle's (docs/decisions/071), offers
 * one other course, at a special price, in a box the buyer ticks. The offer is read from the database each time the checkout is
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

/** Whose bump: a course's or a bundle's (docs/decisions/071); each has at most one. */
export type BumpOwner = { courseId: string } | { bundleId: string };

const ownedBy = (owner: BumpOwner) => ("courseId" in owner ? eq(courseBumps.courseId, owner.courseId) : eq(courseBumps.bundleId, owner.bundleId));

/** The courses a bundle holds, which its bump may not offer. */
const bundleCourseIds = async (database: Queryable, bundleId: string) =>
  (await database.select({ id: bundleCourses.courseId }).from(bundleCourses).where(eq(bundleCourses.bundleId, bundleId))).map((row) => row.id);

/** The bump as the admin form shows it, with the courses it may offer (published; not the course itself, nor one the bundle holds). */
export async function getBumpForEdit({ owner }: { owner: BumpOwner }) {
  const [bump] = await db().select().from(courseBumps).where(ownedBy(owner));
  const excluded = "courseId" in owner ? [owner.courseId] : await bundleCourseIds(db(), owner.bundleId);
  const choices = await db()
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.status, "published"), excluded.length ? notInArray(courses.id, excluded) : undefined))
    .orderBy(asc(courses.title));
  return { bump: bump ?? null, choices };
}

/** The course's bump as the admin form shows it, with the courses it may offer (published, not itself). */
export const getCourseBumpForEdit = ({ courseId }: { courseId: string }) => getBumpForEdit({ owner: { courseId } });

/**
 * Stores the course's or bundle's one bump (replacing the one it had). Refused, with nothing
 * stored: a course that is not published (a draft, or gone), the course itself or one the bundle
 * holds, a negative price.
 */
export async function saveBump({
  owner,
  offerCourseId,
  priceCents,
  pitch,
}: {
  owner: BumpOwner;
  offerCourseId: string;
  priceCents: number;
  pitch: string;
}) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new BumpRefusedError("bumpPrice", BUMP_MESSAGES.negativePrice);
  if ("courseId" in owner && offerCourseId === owner.courseId) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.sameCourse);
  if (!isUuid("courseId" in owner ? owner.courseId : owner.bundleId))
    throw new BumpRefusedError("offerCourseId", "courseId" in owner ? BUMP_MESSAGES.courseGone : BUMP_MESSAGES.bundleGone);
  if (!isUuid(offerCourseId)) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.notForSale);
  return db().transaction(async (tx) => {
    if ("courseId" in owner) {
      const [own] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, owner.courseId)).for("share");
      if (!own) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.courseGone);
    } else {
      const [own] = await tx.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, owner.bundleId)).for("share");
      if (!own) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.bundleGone);
      if ((await bundleCourseIds(tx, owner.bundleId)).includes(offerCourseId)) throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.inBundle);
    }
    const [offered] = await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, offerCourseId)).for("share");
    if (offered?.status !== "published") throw new BumpRefusedError("offerCourseId", BUMP_MESSAGES.notForSale);
    const set = { offerCourseId, priceCents, pitch, updatedAt: new Date() };
    const [saved] = await tx
      .insert(courseBumps)
      .values({ ...owner, offerCourseId, priceCents, pitch })
      .onConflictDoUpdate({ target: "courseId" in owner ? courseBumps.courseId : courseBumps.bundleId, set })
      .returning();
    return saved!;
  });
}

/** The course's one bump, stored (see `saveBump`). */
export const saveCourseBump = ({ courseId, ...bump }: { courseId: string; offerCourseId: string; priceCents: number; pitch: string }) =>
  saveBump({ owner: { courseId }, ...bump });

export async function removeBump({ owner }: { owner: BumpOwner }) {
  const removed = await db().delete(courseBumps).where(ownedBy(owner)).returning({ id: courseBumps.id });
  return removed.length > 0;
}

export const removeCourseBump = ({ courseId }: { courseId: string }) => removeBump({ owner: { courseId } });

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
 * The bump a course's or bundle's checkout shows, or null: none is set, the offered course is not
 * published (any more), or the buyer holds it already (a purchase, a grant, the membership).
 */
export async function findCheckoutBump({
  owner,
  userId,
  database = db(),
}: {
  owner: BumpOwner;
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
    .where(ownedBy(owner));
  if (!row || row.status !== "published") return null;
  // A course added to the bundle since the bump was saved is not sold twice.
  if ("bundleId" in owner && (await bundleCourseIds(database, owner.bundleId)).includes(row.courseId)) return null;
  if (userId && ((await hasActiveEnrollment({ userId, courseId: row.courseId })) || (await hasActiveMembership({ userId })))) return null;
  const { status: _status, ...bump } = row;
  return bump;
}
