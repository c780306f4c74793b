import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { COUPONS_MAX_QUERY_LENGTH, COUPONS_PAGE_SIZE, type CouponInput } from "~/lib/coupons";
import type { CouponStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { anyColumnContains } from "~/server/db/like.server";
import { coupons, courses, orders } from "~/server/db/schema";

/** The back office's coupon operations: the searchable list, one coupon, create, edit, disable. */


export class CouponCodeTakenError extends Error {
  constructor(readonly code: string) {
    super(`Another coupon already has the code ${code}`);
    this.name = "CouponCodeTakenError";
  }
}

export class CouponNotFoundError extends Error {
  constructor(readonly couponId: string) {
    super(`No coupon with id ${couponId}`);
    this.name = "CouponNotFoundError";
  }
}

/** A coupon's pending and paid orders: the same count checkout limits by. */
const redemptions = sql<number>`(select count(*)::int from ${orders} where ${orders.couponId} = ${coupons.id} and ${orders.status} in ('pending', 'paid'))`;

/** What the list and the edit form read of a coupon. */
const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  status: coupons.status,
  discountType: coupons.discountType,
  percentOff: coupons.percentOff,
  amountOffCents: coupons.amountOffCents,
  appliesTo: coupons.appliesTo,
  duration: coupons.duration,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  maxRedemptions: coupons.maxRedemptions,
  redemptions,
};

/** One page of coupons, newest first, searched by code and filtered by status in SQL. */
export async function listAdminCoupons({
  query = "",
  status = null,
  page = 1,
  pageSize = COUPONS_PAGE_SIZE,
}: {
  query?: string;
  status?: CouponStatus | null;
  page?: number;
  pageSize?: number;
}) {
  const where = and(
    anyColumnContains({ columns: [coupons.code], text: query, maxLength: COUPONS_MAX_QUERY_LENGTH }),
    status ? eq(coupons.status, status) : undefined,
  );
  const [{ total }] = await db().select({ total: count() }).from(coupons).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await db()
    .select({ ...couponColumns, courseCount: sql<number>`cardinality(${coupons.courseIds})` })
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { coupons: rows, total, page: current, pageCount };
}

/** A coupon as the edit form shows it, or null. */
export async function getCouponForEdit({ couponId }: { couponId: string }) {
  if (!isUuid(couponId)) return null;
  const [coupon] = await db()
    .select({ ...couponColumns, courseIds: coupons.courseIds, maxPerCustomer: coupons.maxPerCustomer })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return coupon ?? null;
}

/** The courses a coupon can name, for the form's checkboxes: every course, by title. */
export async function listCouponCourseChoices() {
  return db().select({ id: courses.id, title: courses.title, status: courses.status }).from(courses).orderBy(asc(courses.title));
}

/** Only ids of courses that exist are kept. */
async function existingCourseIds(ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db().select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  return rows.map((row) => row.id);
}

async function saving<T>(code: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new CouponCodeTakenError(code);
    throw error;
  }
}

export async function createCoupon({ input }: { input: CouponInput }) {
  const courseIds = await existingCourseIds(input.courseIds);
  return saving(input.code, async () => {
    const [created] = await db()
      .insert(coupons)
      .values({ ...input, courseIds })
      .returning({ id: coupons.id, code: coupons.code });
    return created!;
  });
}

export async function updateCoupon({ couponId, input }: { couponId: string; input: CouponInput }) {
  if (!isUuid(couponId)) throw new CouponNotFoundError(couponId);
  const courseIds = await existingCourseIds(input.courseIds);
  return saving(input.code, async () => {
    const [updated] = await db()
      .update(coupons)
      .set({ ...input, courseIds })
      .where(eq(coupons.id, couponId))
      .returning({ id: coupons.id, code: coupons.code });
    if (!updated) throw new CouponNotFoundError(couponId);
    return updated;
  });
}

/** Disable (checkout refuses it as unknown; its orders keep it) or enable again. */
export async function setCouponStatus({ couponId, status }: { couponId: string; status: CouponStatus }) {
  if (!isUuid(couponId)) throw new CouponNotFoundError(couponId);
  const [changed] = await db()
    .update(coupons)
    .set({ status })
    .where(eq(coupons.id, couponId))
    .returning({ id: coupons.id, code: coupons.code });
  if (!changed) throw new CouponNotFoundError(couponId);
  return changed;
}
