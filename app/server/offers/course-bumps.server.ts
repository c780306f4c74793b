import { OfferRefusedError } from "~/server/offers/offer-refused-error";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { SubscriptionPlan } from "~/lib/domain-values";
import { listActiveEnrollments } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { findBundleForSale, listPublishedBundles } from "~/server/bundles/bundles.server";
import { db, type Queryable } from "~/server/db/client.server";
import { bundleCourses, bundles, courseBumps, courses } from "~/server/db/schema";
import { BUMP_MESSAGES } from "~/lib/order-bump-messages";
import { isUuid } from "~/lib/uuid";

/**
 * Order bumps (docs/decisions/067): a course's checkout, a bundle's (docs/decisions/071) or a
 * membership plan's (docs/decisions/074) offers one other course or bundle, at a special price, in
 * a box the buyer ticks. The offer is read from the database each time the checkout is priced, so
 * the price paid is the price stored at that moment.
 */

/** Why a bump was not stored: the field it is about and the message for it. */
export class BumpRefusedError extends OfferRefusedError<"bumpOffer" | "bumpPrice"> {}

/** Whose bump: a course's, a bundle's (docs/decisions/071) or a membership plan's (docs/decisions/074); each has at most one. */
export type BumpOwner = { courseId: string } | { bundleId: string } | { plan: SubscriptionPlan };

/** What a bump offers: a course, or a bundle (docs/decisions/074). */
export type BumpProduct = { kind: "course" | "bundle"; id: string };

const ownedBy = (owner: BumpOwner) =>
  "courseId" in owner
    ? eq(courseBumps.courseId, owner.courseId)
    : "bundleId" in owner
      ? eq(courseBumps.bundleId, owner.bundleId)
      : eq(courseBumps.membershipPlan, owner.plan);

const ownerColumns = (owner: BumpOwner) =>
  "courseId" in owner ? { courseId: owner.courseId } : "bundleId" in owner ? { bundleId: owner.bundleId } : { membershipPlan: owner.plan };

/** The courses a bundle holds. */
const bundleCourseIds = async (database: Queryable, bundleId: string) =>
  (await database.select({ id: bundleCourses.courseId }).from(bundleCourses).where(eq(bundleCourses.bundleId, bundleId))).map(
    (row) => row.id,
  );

/** The courses the owner's checkout sells already, which its bump may not sell again: the course, the bundle's courses; none for a plan. */
const ownerCourseIds = async (database: Queryable, owner: BumpOwner) =>
  "courseId" in owner ? [owner.courseId] : "bundleId" in owner ? await bundleCourseIds(database, owner.bundleId) : [];

/** The bump as the admin form shows it, with what it may offer: published courses and bundles, none of which the owner sells already. */
export async function getBumpForEdit({ owner }: { owner: BumpOwner }) {
  const [bump] = await db().select().from(courseBumps).where(ownedBy(owner));
  const excluded = await ownerCourseIds(db(), owner);
  const courseChoices = await db()
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.status, "published"), excluded.length ? notInArray(courses.id, excluded) : undefined))
    .orderBy(asc(courses.title));
  const bundleChoices = [];
  for (const bundle of await listPublishedBundles()) {
    if ("bundleId" in owner && bundle.id === owner.bundleId) continue;
    const held = await bundleCourseIds(db(), bundle.id);
    if (held.some((id) => excluded.includes(id))) continue;
    bundleChoices.push({ id: bundle.id, title: bundle.title, priceCents: bundle.priceCents });
  }
  bundleChoices.sort((a, b) => a.title.localeCompare(b.title));
  const offer: BumpProduct | null = bump
    ? bump.offerBundleId
      ? { kind: "bundle", id: bump.offerBundleId }
      : { kind: "course", id: bump.offerCourseId! }
    : null;
  return { bump: bump ? { ...bump, offer: offer! } : null, choices: { courses: courseChoices, bundles: bundleChoices } };
}

/** The course's bump as the admin form shows it, with what it may offer. */
export const getCourseBumpForEdit = ({ courseId }: { courseId: string }) => getBumpForEdit({ owner: { courseId } });

/**
 * Stores the owner's one bump (replacing the one it had). Refused, with nothing stored: a course
 * or bundle that is not published (a draft, or gone), the course itself or one the bundle holds,
 * the bundle itself or one holding a course the owner sells, a negative price.
 */
export async function saveBump({
  owner,
  offerCourseId,
  offerBundleId,
  priceCents,
  pitch,
}: {
  owner: BumpOwner;
  offerCourseId?: string | null;
  offerBundleId?: string | null;
  priceCents: number;
  pitch: string;
}) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new BumpRefusedError("bumpPrice", BUMP_MESSAGES.negativePrice);
  const offer: BumpProduct | null = offerBundleId
    ? { kind: "bundle", id: offerBundleId }
    : offerCourseId
      ? { kind: "course", id: offerCourseId }
      : null;
  if (!offer) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.chooseCourse);
  if ("courseId" in owner && offer.kind === "course" && offer.id === owner.courseId)
    throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.sameCourse);
  if ("bundleId" in owner && offer.kind === "bundle" && offer.id === owner.bundleId)
    throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.sameBundle);
  if ("courseId" in owner && !isUuid(owner.courseId)) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.courseGone);
  if ("bundleId" in owner && !isUuid(owner.bundleId)) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.bundleGone);
  if (!isUuid(offer.id)) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.notForSale);
  return db().transaction(async (tx) => {
    if ("courseId" in owner) {
      const [own] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, owner.courseId)).for("share");
      if (!own) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.courseGone);
    } else if ("bundleId" in owner) {
      const [own] = await tx.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, owner.bundleId)).for("share");
      if (!own) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.bundleGone);
    }
    const sold = await ownerCourseIds(tx, owner);
    if (offer.kind === "course") {
      if ("bundleId" in owner && sold.includes(offer.id)) throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.inBundle);
      const [offered] = await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, offer.id)).for("share");
      if (offered?.status !== "published") throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.notForSale);
    } else {
      const [offered] = await tx.select({ status: bundles.status }).from(bundles).where(eq(bundles.id, offer.id)).for("share");
      if (offered?.status !== "published") throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.bundleNotForSale);
      // A bundle holding a course the owner's checkout sells would sell that course twice.
      if ((await bundleCourseIds(tx, offer.id)).some((id) => sold.includes(id)))
        throw new BumpRefusedError("bumpOffer", BUMP_MESSAGES.bundleOverlaps);
    }
    const offerColumns = {
      offerCourseId: offer.kind === "course" ? offer.id : null,
      offerBundleId: offer.kind === "bundle" ? offer.id : null,
    };
    const set = { ...offerColumns, priceCents, pitch, updatedAt: new Date() };
    const target = "courseId" in owner ? courseBumps.courseId : "bundleId" in owner ? courseBumps.bundleId : courseBumps.membershipPlan;
    const [saved] = await tx
      .insert(courseBumps)
      .values({ ...ownerColumns(owner), ...offerColumns, priceCents, pitch })
      .onConflictDoUpdate({ target, set })
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

/**
 * The bump as the checkout offers it: a course (`courseId`) or a bundle (`bundleId` and the
 * courses it opens, as sold now), its usual price, the special price and the pitch.
 */
export type CheckoutBump = {
  courseId: string | null;
  bundleId: string | null;
  bundleCourseIds: string[];
  title: string;
  pitch: string;
  /** The offered course's or bundle's own price, to show the saving. */
  usualPriceCents: number;
  priceCents: number;
};

/**
 * The bump a course's, bundle's or membership plan's checkout shows, or null: none is set, what it
 * offers is not for sale (any more), it would sell a course the checkout sells already, or the
 * buyer holds it already (the course, or every course of the bundle; a grant; the membership).
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
  const [row] = await database.select().from(courseBumps).where(ownedBy(owner));
  if (!row) return null;
  let bump: CheckoutBump;
  if (row.offerBundleId) {
    const bundle = await findBundleForSale({ bundleId: row.offerBundleId, database });
    if (!bundle) return null;
    bump = {
      courseId: null,
      bundleId: bundle.id,
      bundleCourseIds: bundle.courses.map((course) => course.id),
      title: bundle.title,
      pitch: row.pitch,
      usualPriceCents: bundle.priceCents,
      priceCents: row.priceCents,
    };
  } else {
    const [course] = await database
      .select({ id: courses.id, title: courses.title, status: courses.status, priceCents: courses.priceCents })
      .from(courses)
      .where(eq(courses.id, row.offerCourseId!));
    if (course?.status !== "published") return null;
    bump = {
      courseId: course.id,
      bundleId: null,
      bundleCourseIds: [],
      title: course.title,
      pitch: row.pitch,
      usualPriceCents: course.priceCents,
      priceCents: row.priceCents,
    };
  }
  const opens = bump.courseId ? [bump.courseId] : bump.bundleCourseIds;
  // A course added to the bundle (either one) since the bump was saved is not sold twice.
  const sold = await ownerCourseIds(database, owner);
  if (opens.some((id) => sold.includes(id))) return null;
  if (userId) {
    if (await hasActiveMembership({ userId })) return null;
    const held = await listActiveEnrollments({ userId, courseIds: opens });
    if (opens.every((id) => held.some((enrolment) => enrolment.courseId === id))) return null;
  }
  return bump;
}
