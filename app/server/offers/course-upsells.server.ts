import { OfferRefusedError } from "~/server/offers/offer-refused-error";
import { and, asc, eq, ne } from "drizzle-orm";
import { hasActiveEnrollment, listActiveEnrollments } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { findBundleForSale } from "~/server/bundles/bundles.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { bundleCourses, bundles, courses, courseUpsells } from "~/server/db/schema";
import { UPSELL_MESSAGES, type UpsellProduct } from "~/lib/course-upsells";

/**
 * One-click upsells (docs/decisions/070, 075): a course's or a bundle's one offer shown once right after it is paid,
 * of another course or a bundle at a special price. The offer is read from the database each time
 * it is shown and again when it is paid, so the price paid is the price stored at that moment.
 */

/** Why an upsell was not stored: the field it is about and the message for it. */
export class UpsellRefusedError extends OfferRefusedError<"upsellProduct" | "upsellPrice"> {}

/**
 * Whose purchase the upsell follows (docs/decisions/075): a course or a bundle. A membership has
 * none: it opens every published course, so whatever could be offered its buyer holds already.
 */
export type UpsellOwner = { courseId: string; bundleId?: undefined } | { bundleId: string; courseId?: undefined };

const ownerIs = (owner: UpsellOwner) =>
  owner.courseId !== undefined ? eq(courseUpsells.courseId, owner.courseId) : eq(courseUpsells.bundleId, owner.bundleId);

/** The upsell as the admin form shows it, with what it may offer (published courses and bundles, the owner itself left out). */
export async function getUpsellForEdit({ owner }: { owner: UpsellOwner }) {
  const [upsell] = await db().select().from(courseUpsells).where(ownerIs(owner));
  const courseChoices = await db()
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.status, "published"), owner.courseId !== undefined ? ne(courses.id, owner.courseId) : undefined))
    .orderBy(asc(courses.title));
  const bundleChoices = await db()
    .select({ id: bundles.id, title: bundles.title, priceCents: bundles.priceCents })
    .from(bundles)
    .where(and(eq(bundles.status, "published"), owner.bundleId !== undefined ? ne(bundles.id, owner.bundleId) : undefined))
    .orderBy(asc(bundles.title));
  const product: UpsellProduct | null = upsell
    ? upsell.offerCourseId
      ? { kind: "course", id: upsell.offerCourseId }
      : { kind: "bundle", id: upsell.offerBundleId! }
    : null;
  return { upsell: upsell ? { ...upsell, product: product! } : null, courseChoices, bundleChoices };
}

export const getCourseUpsellForEdit = ({ courseId }: { courseId: string }) => getUpsellForEdit({ owner: { courseId } });

/**
 * Stores the course's or bundle's one upsell (replacing the one it had). Refused, with nothing
 * stored: a product that is not published (a draft, or gone), the owner itself, a negative price;
 * for a bundle also a course in it, or a bundle whose every course is in it (its buyers hold them).
 */
export async function saveUpsell({
  owner,
  product,
  priceCents,
  pitch,
}: {
  owner: UpsellOwner;
  product: UpsellProduct;
  priceCents: number;
  pitch: string;
}) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new UpsellRefusedError("upsellPrice", UPSELL_MESSAGES.negativePrice);
  if (product.kind === "course" && product.id === owner.courseId) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.sameCourse);
  if (product.kind === "bundle" && product.id === owner.bundleId) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.sameBundle);
  return db().transaction(async (tx) => {
    const [own] =
      owner.courseId !== undefined
        ? await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, owner.courseId)).for("share")
        : await tx.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, owner.bundleId)).for("share");
    if (!own) throw new UpsellRefusedError("upsellProduct", owner.courseId !== undefined ? UPSELL_MESSAGES.courseGone : UPSELL_MESSAGES.bundleGone);
    // The offered product is read under a share lock: it cannot be unpublished or deleted until this commits.
    const [offered] =
      product.kind === "course"
        ? await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, product.id)).for("share")
        : await tx.select({ status: bundles.status }).from(bundles).where(eq(bundles.id, product.id)).for("share");
    if (offered?.status !== "published") throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.notForSale);
    if (owner.bundleId !== undefined) await refuseWhatTheBundleHolds({ tx, bundleId: owner.bundleId, product });
    const offer = {
      offerCourseId: product.kind === "course" ? product.id : null,
      offerBundleId: product.kind === "bundle" ? product.id : null,
      priceCents,
      pitch,
    };
    const [saved] = await tx
      .insert(courseUpsells)
      .values({ courseId: owner.courseId ?? null, bundleId: owner.bundleId ?? null, ...offer })
      .onConflictDoUpdate({
        target: owner.courseId !== undefined ? courseUpsells.courseId : courseUpsells.bundleId,
        set: { ...offer, updatedAt: new Date() },
      })
      .returning();
    return saved!;
  });
}

/** A bundle's buyer holds its courses: offering one of them, or a bundle of nothing else, would never be shown. */
async function refuseWhatTheBundleHolds({ tx, bundleId, product }: { tx: Transaction; bundleId: string; product: UpsellProduct }) {
  const inside = new Set(
    (await tx.select({ courseId: bundleCourses.courseId }).from(bundleCourses).where(eq(bundleCourses.bundleId, bundleId))).map(
      (row) => row.courseId,
    ),
  );
  if (product.kind === "course") {
    if (inside.has(product.id)) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.inBundle);
    return;
  }
  const offered = await tx.select({ courseId: bundleCourses.courseId }).from(bundleCourses).where(eq(bundleCourses.bundleId, product.id));
  if (offered.every((row) => inside.has(row.courseId))) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.bundleInBundle);
}

export const saveCourseUpsell = ({ courseId, ...rest }: { courseId: string; product: UpsellProduct; priceCents: number; pitch: string }) =>
  saveUpsell({ owner: { courseId }, ...rest });

export async function removeUpsell({ owner }: { owner: UpsellOwner }) {
  const removed = await db().delete(courseUpsells).where(ownerIs(owner)).returning({ id: courseUpsells.id });
  return removed.length > 0;
}

export const removeCourseUpsell = ({ courseId }: { courseId: string }) => removeUpsell({ owner: { courseId } });

/** Does the course or bundle have an upsell at all? (Stripe then saves the card at its checkout for the one-click charge.) */
export async function hasUpsell({ owner, database = db() }: { owner: UpsellOwner; database?: Queryable }) {
  const [row] = await database.select({ id: courseUpsells.id }).from(courseUpsells).where(ownerIs(owner));
  return Boolean(row);
}

/** The upsell as the offer page shows it and the payment sells it, priced from the database now. */
export type UpsellOffer = {
  product: UpsellProduct;
  title: string;
  pitch: string;
  /** The product's own price, to show the saving. */
  usualPriceCents: number;
  priceCents: number;
  /** A course's slug (its page), or the bundle's courses as the line sells them. */
  courseSlug: string | null;
  bundleCourseIds: string[];
};

/**
 * The course's or bundle's upsell with its product as it is for sale now, priced from the database, or null:
 * none is set, or the offered course or bundle is not for sale (any more). Reads only `database`,
 * so the paying transaction can call it.
 */
export async function readUpsellForSale({
  owner,
  database = db(),
}: {
  owner: UpsellOwner;
  database?: Queryable;
}): Promise<UpsellOffer | null> {
  const [upsell] = await database.select().from(courseUpsells).where(ownerIs(owner));
  if (!upsell) return null;
  const common = { pitch: upsell.pitch, priceCents: upsell.priceCents };
  if (upsell.offerCourseId) {
    const [course] = await database
      .select({ id: courses.id, title: courses.title, slug: courses.slug, status: courses.status, priceCents: courses.priceCents })
      .from(courses)
      .where(eq(courses.id, upsell.offerCourseId));
    if (!course || course.status !== "published") return null;
    return {
      ...common,
      product: { kind: "course", id: course.id },
      title: course.title,
      usualPriceCents: course.priceCents,
      courseSlug: course.slug,
      bundleCourseIds: [],
    };
  }
  const bundle = await findBundleForSale({ bundleId: upsell.offerBundleId!, database });
  if (!bundle) return null;
  return {
    ...common,
    product: { kind: "bundle", id: bundle.id },
    title: bundle.title,
    usualPriceCents: bundle.priceCents,
    courseSlug: null,
    bundleCourseIds: bundle.courses.map((course) => course.id),
  };
}

/** Does the buyer hold what the upsell offers: the course (a purchase, a grant), every course of the bundle, or the membership? */
export async function holdsUpsellOffer({ userId, offer }: { userId: string; offer: UpsellOffer }) {
  if (await hasActiveMembership({ userId })) return true;
  if (offer.product.kind === "course") return hasActiveEnrollment({ userId, courseId: offer.product.id });
  const held = await listActiveEnrollments({ userId, courseIds: offer.bundleCourseIds });
  return held.length >= offer.bundleCourseIds.length;
}

/**
 * The upsell a course's or bundle's buyer may be offered now, or null: none is set, the offered
 * product is not for sale (any more), or the buyer holds it already (a purchase, a grant, the
 * membership; a bundle when they hold every course in it).
 */
export async function findUpsellOffer({ owner, userId }: { owner: UpsellOwner; userId: string }): Promise<UpsellOffer | null> {
  const offer = await readUpsellForSale({ owner });
  if (!offer || (await holdsUpsellOffer({ userId, offer }))) return null;
  return offer;
}
