import { OfferRefusedError } from "~/server/offers/offer-refused-error";
import { and, asc, eq, ne } from "drizzle-orm";
import { hasActiveEnrollment, listActiveEnrollments } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { findBundleForSale } from "~/server/bundles/bundles.server";
import { db, type Queryable } from "~/server/db/client.server";
import { bundles, courses, courseUpsells } from "~/server/db/schema";
import { UPSELL_MESSAGES, type UpsellProduct } from "~/lib/course-upsells";

/**
 * One-click upsells (docs/decisions/070): a course's one offer shown once right after it is paid,
 * of another course or a bundle at a special price. The offer is read from the database each time
 * it is shown and again when it is paid, so the price paid is the price stored at that moment.
 */

/** Why an upsell was not stored: the field it is about and the message for it. */
export class UpsellRefusedError extends OfferRefusedError<"upsellProduct" | "upsellPrice"> {}

/** The course's upsell as the admin form shows it, with what it may offer (published courses but itself, published bundles). */
export async function getCourseUpsellForEdit({ courseId }: { courseId: string }) {
  const [upsell] = await db().select().from(courseUpsells).where(eq(courseUpsells.courseId, courseId));
  const courseChoices = await db()
    .select({ id: courses.id, title: courses.title, priceCents: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.status, "published"), ne(courses.id, courseId)))
    .orderBy(asc(courses.title));
  const bundleChoices = await db()
    .select({ id: bundles.id, title: bundles.title, priceCents: bundles.priceCents })
    .from(bundles)
    .where(eq(bundles.status, "published"))
    .orderBy(asc(bundles.title));
  const product: UpsellProduct | null = upsell
    ? upsell.offerCourseId
      ? { kind: "course", id: upsell.offerCourseId }
      : { kind: "bundle", id: upsell.offerBundleId! }
    : null;
  return { upsell: upsell ? { ...upsell, product: product! } : null, courseChoices, bundleChoices };
}

/**
 * Stores the course's one upsell (replacing the one it had). Refused, with nothing stored: a
 * product that is not published (a draft, or gone), the course itself, a negative price.
 */
export async function saveCourseUpsell({
  courseId,
  product,
  priceCents,
  pitch,
}: {
  courseId: string;
  product: UpsellProduct;
  priceCents: number;
  pitch: string;
}) {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new UpsellRefusedError("upsellPrice", UPSELL_MESSAGES.negativePrice);
  if (product.kind === "course" && product.id === courseId) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.sameCourse);
  return db().transaction(async (tx) => {
    const [own] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("share");
    if (!own) throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.courseGone);
    // The offered product is read under a share lock: it cannot be unpublished or deleted until this commits.
    const [offered] =
      product.kind === "course"
        ? await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, product.id)).for("share")
        : await tx.select({ status: bundles.status }).from(bundles).where(eq(bundles.id, product.id)).for("share");
    if (offered?.status !== "published") throw new UpsellRefusedError("upsellProduct", UPSELL_MESSAGES.notForSale);
    const offer = {
      offerCourseId: product.kind === "course" ? product.id : null,
      offerBundleId: product.kind === "bundle" ? product.id : null,
      priceCents,
      pitch,
    };
    const [saved] = await tx
      .insert(courseUpsells)
      .values({ courseId, ...offer })
      .onConflictDoUpdate({ target: courseUpsells.courseId, set: { ...offer, updatedAt: new Date() } })
      .returning();
    return saved!;
  });
}

export async function removeCourseUpsell({ courseId }: { courseId: string }) {
  const removed = await db().delete(courseUpsells).where(eq(courseUpsells.courseId, courseId)).returning({ id: courseUpsells.id });
  return removed.length > 0;
}

/** Does the course have an upsell at all? (Stripe then saves the card at its checkout for the one-click charge.) */
export async function hasCourseUpsell({ courseId, database = db() }: { courseId: string; database?: Queryable }) {
  const [row] = await database.select({ id: courseUpsells.id }).from(courseUpsells).where(eq(courseUpsells.courseId, courseId));
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
 * The course's upsell with its product as it is for sale now, priced from the database, or null:
 * none is set, or the offered course or bundle is not for sale (any more). Reads only `database`,
 * so the paying transaction can call it.
 */
export async function readUpsellForSale({
  courseId,
  database = db(),
}: {
  courseId: string;
  database?: Queryable;
}): Promise<UpsellOffer | null> {
  const [upsell] = await database.select().from(courseUpsells).where(eq(courseUpsells.courseId, courseId));
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
 * The upsell a course's buyer may be offered now, or null: none is set, the offered product is not
 * for sale (any more), or the buyer holds it already (a purchase, a grant, the membership; a
 * bundle when they hold every course in it).
 */
export async function findUpsellOffer({ courseId, userId }: { courseId: string; userId: string }): Promise<UpsellOffer | null> {
  const offer = await readUpsellForSale({ courseId });
  if (!offer || (await holdsUpsellOffer({ userId, offer }))) return null;
  return offer;
}
