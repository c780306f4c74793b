import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { AFFILIATES_MAX_QUERY_LENGTH, AFFILIATES_PAGE_SIZE } from "~/lib/affiliates";
import { type AffiliateTermsInput } from "~/lib/affiliate-forms";
import { AFFILIATE_STATUS_LABELS, type AffiliateStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db, type Queryable } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { affiliateClicks, affiliateSignups, affiliateCommissions, affiliates, courses, orders, users } from "~/server/db/schema";
import { getAffiliateProgram, type AffiliateProgram } from "./affiliate-settings.server";
import { formatMoney } from "~/lib/money";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * The affiliate program's people (docs/decisions/063-affiliates.md): joining, the owner's
 * approve/pause/remove and own terms, the searchable list, and each affiliate's figures. Every
 * change is written with its audit row in one transaction.
 */

export class AffiliateCodeTakenError extends Error {
  constructor(readonly code: string) {
    super(`Another affiliate already has the code ${code}`);
    this.name = "AffiliateCodeTakenError";
  }
}

export class AffiliateNotFoundError extends Error {
  constructor(readonly affiliateId: string) {
    super(`No affiliate with id ${affiliateId}`);
    this.name = "AffiliateNotFoundError";
  }
}

export class AffiliateJoinClosedError extends Error {
  constructor() {
    super("The affiliate program is not open to new affiliates");
    this.name = "AffiliateJoinClosedError";
  }
}

/** A code from the person's name (letters and digits of it) and four random digits: "ann-4821". */
export function generateAffiliateCode(name: string) {
  const stem =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "")
      .toLowerCase()
      .slice(0, 20) || "partner";
  return `${stem}-${crypto.randomInt(1000, 10000)}`;
}

/** The person's affiliate row, or null. */
export async function getAffiliateForUser({ userId, database = db() }: { userId: string; database?: Queryable }) {
  const [row] = await database.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row ?? null;
}

/**
 * Joins the program: approved at once when anyone may join, pending when the owner approves.
 * Refused while the program is off or invitation only. A second join answers the existing row.
 */
export async function joinAffiliateProgram({ userId, code }: { userId: string; code: string }) {
  const program = await getAffiliateProgram();
  if (!program.enabled || program.joinPolicy === "invitation") throw new AffiliateJoinClosedError();
  const existing = await getAffiliateForUser({ userId });
  if (existing) return existing;
  const [user] = await db().select({ name: users.name }).from(users).where(eq(users.id, userId));
  const status: AffiliateStatus = program.joinPolicy === "anyone" ? "approved" : "pending";
  const chosen = code || generateAffiliateCode(user?.name ?? "");
  try {
    return await db().transaction(async (tx) => {
      const [created] = await tx
        .insert(affiliates)
        .values({ userId, code: chosen, status, approvedAt: status === "approved" ? new Date() : null })
        .returning();
      await recordAccessEvent({
        tx,
        type: "affiliate_changed",
        userId,
        actorId: userId,
        note: `Joined as ${chosen} (${AFFILIATE_STATUS_LABELS[status]})`,
      });
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Another tab joined first: answer its row; otherwise the code is someone else's.
      const joined = await getAffiliateForUser({ userId });
      if (joined) return joined;
      throw new AffiliateCodeTakenError(chosen);
    }
    throw error;
  }
}

/** Saves how the affiliate wants to be paid. */
export async function saveAffiliatePayoutDetails({ userId, payoutDetails }: { userId: string; payoutDetails: string }) {
  const updated = await db()
    .update(affiliates)
    .set({ payoutDetails })
    .where(eq(affiliates.userId, userId))
    .returning({ id: affiliates.id });
  if (updated.length === 0) throw new AffiliateNotFoundError(userId);
}

/** The clicks, sign-ups, sales and commission totals of the given affiliates, by id (cents; payable = pending past its hold). */
export async function readAffiliateFigures({
  affiliateIds,
  now = new Date(),
  database = db(),
}: {
  affiliateIds: string[];
  now?: Date;
  database?: Queryable;
}) {
  const figures = new Map<
    string,
    { clicks: number; signups: number; sales: number; pendingCents: number; payableCents: number; paidCents: number; reversedCents: number }
  >();
  if (affiliateIds.length === 0) return figures;
  for (const id of affiliateIds) figures.set(id, { clicks: 0, signups: 0, sales: 0, pendingCents: 0, payableCents: 0, paidCents: 0, reversedCents: 0 });
  // A raw parameter, not a Date: postgres-js binds only strings in sql`` fragments.
  const at = sql`${now.toISOString()}::timestamptz`;
  const [clicks, signups, sales, money] = await Promise.all([
    database
      .select({ id: affiliateClicks.affiliateId, n: count() })
      .from(affiliateClicks)
      .where(inArray(affiliateClicks.affiliateId, affiliateIds))
      .groupBy(affiliateClicks.affiliateId),
    database
      .select({ id: affiliateSignups.affiliateId, n: count() })
      .from(affiliateSignups)
      .where(inArray(affiliateSignups.affiliateId, affiliateIds))
      .groupBy(affiliateSignups.affiliateId),
    database
      .select({ id: orders.affiliateId, n: count() })
      .from(orders)
      .where(and(inArray(orders.affiliateId, affiliateIds), inArray(orders.status, ["paid", "refunded"])))
      .groupBy(orders.affiliateId),
    database
      .select({
        id: affiliateCommissions.affiliateId,
        pending: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.state} = 'pending' and ${affiliateCommissions.availableAt} > ${at}), 0)::int`,
        payable: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.state} = 'pending' and ${affiliateCommissions.availableAt} <= ${at}), 0)::int`,
        paid: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.state} = 'paid'), 0)::int`,
        reversed: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.state} = 'reversed'), 0)::int`,
      })
      .from(affiliateCommissions)
      .where(inArray(affiliateCommissions.affiliateId, affiliateIds))
      .groupBy(affiliateCommissions.affiliateId),
  ]);
  for (const row of clicks) figures.get(row.id)!.clicks = row.n;
  for (const row of signups) figures.get(row.id)!.signups = row.n;
  for (const row of sales) if (row.id) figures.get(row.id)!.sales = row.n;
  for (const row of money) {
    Object.assign(figures.get(row.id)!, {
      pendingCents: row.pending,
      payableCents: row.payable,
      paidCents: row.paid,
      reversedCents: row.reversed,
    });
  }
  return figures;
}

/** One page of affiliates, newest first, searched by code, name or e-mail and filtered by status in SQL. */
export async function listAdminAffiliates({
  query = "",
  status = null,
  page = 1,
  pageSize = AFFILIATES_PAGE_SIZE,
}: {
  query?: string;
  status?: AffiliateStatus | null;
  page?: number;
  pageSize?: number;
}) {
  const where = and(
    anyColumnContains({ columns: [affiliates.code, users.name, users.email], text: query, maxLength: AFFILIATES_MAX_QUERY_LENGTH }),
    status ? eq(affiliates.status, status) : undefined,
  );
  const [{ total }] = await db().select({ total: count() }).from(affiliates).innerJoin(users, eq(users.id, affiliates.userId)).where(where);
  const window = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: affiliates.id,
      code: affiliates.code,
      status: affiliates.status,
      name: users.name,
      email: users.email,
      createdAt: affiliates.createdAt,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(where)
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
    .limit(pageSize)
    .offset(window.offset);
  const figures = await readAffiliateFigures({ affiliateIds: rows.map((row) => row.id) });
  return { affiliates: rows.map((row) => ({ ...row, ...figures.get(row.id)! })), total, page: window.page, pageCount: window.pageCount };
}

/** One affiliate as the owner's page shows it, or null. */
export async function getAffiliateForAdmin({ affiliateId }: { affiliateId: string }) {
  if (!isUuid(affiliateId)) return null;
  const [row] = await db()
    .select({
      id: affiliates.id,
      code: affiliates.code,
      status: affiliates.status,
      commissionType: affiliates.commissionType,
      commissionPercent: affiliates.commissionPercent,
      commissionFixedCents: affiliates.commissionFixedCents,
      courseIds: affiliates.courseIds,
      payoutDetails: affiliates.payoutDetails,
      createdAt: affiliates.createdAt,
      approvedAt: affiliates.approvedAt,
      userId: affiliates.userId,
      name: users.name,
      email: users.email,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, affiliateId));
  if (!row) return null;
  const figures = await readAffiliateFigures({ affiliateIds: [row.id] });
  return { ...row, figures: figures.get(row.id)! };
}

/** Every course, by title, for the restriction's checkboxes. */
export async function listAffiliateCourseChoices() {
  return db().select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title));
}

const STATUS_FOR_INTENT = { approve: "approved", pause: "paused", remove: "removed" } as const satisfies Record<string, AffiliateStatus>;

/** Approve, pause or remove; audited. */
export async function setAffiliateStatus({
  affiliateId,
  intent,
  actorId,
}: {
  affiliateId: string;
  intent: keyof typeof STATUS_FOR_INTENT;
  actorId: string;
}) {
  if (!isUuid(affiliateId)) throw new AffiliateNotFoundError(affiliateId);
  const status = STATUS_FOR_INTENT[intent];
  await db().transaction(async (tx) => {
    const [locked] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for("update");
    if (!locked) throw new AffiliateNotFoundError(affiliateId);
    await tx
      .update(affiliates)
      .set({ status, approvedAt: status === "approved" ? (locked.approvedAt ?? new Date()) : locked.approvedAt })
      .where(eq(affiliates.id, affiliateId));
    await recordAccessEvent({
      tx,
      type: "affiliate_changed",
      userId: locked.userId,
      actorId,
      note: `${locked.code}: ${AFFILIATE_STATUS_LABELS[locked.status as AffiliateStatus] ?? locked.status} → ${AFFILIATE_STATUS_LABELS[status]}`,
    });
  });
}

/** The affiliate's own commission (or the program's, when null) and their course restriction (only existing courses kept); audited. */
export async function updateAffiliateTerms({
  affiliateId,
  input,
  actorId,
}: {
  affiliateId: string;
  input: AffiliateTermsInput;
  actorId: string;
}) {
  if (!isUuid(affiliateId)) throw new AffiliateNotFoundError(affiliateId);
  const wanted = input.courseIds.filter(isUuid);
  await db().transaction(async (tx) => {
    const [locked] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for("update");
    if (!locked) throw new AffiliateNotFoundError(affiliateId);
    const courseIds =
      wanted.length === 0
        ? []
        : (await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, wanted))).map((row) => row.id);
    const commission = input.commission;
    await tx
      .update(affiliates)
      .set({
        commissionType: commission?.commissionType ?? null,
        commissionPercent: commission?.commissionPercent ?? null,
        commissionFixedCents: commission?.commissionFixedCents ?? null,
        courseIds,
      })
      .where(eq(affiliates.id, affiliateId));
    const { currency } = await getSiteSettings({ database: tx });
    const terms = commission
      ? commission.commissionType === "percent"
        ? `${commission.commissionPercent}%`
        : `${formatMoney(commission.commissionFixedCents, currency)} per sale`
      : "the program's";
    await recordAccessEvent({
      tx,
      type: "affiliate_changed",
      userId: locked.userId,
      actorId,
      note: `${locked.code}: commission ${terms}; ${courseIds.length === 0 ? "every course" : `${courseIds.length} course(s) only`}`,
    });
  });
}

/**
 * What the account page offers: "join" while the program takes new affiliates, "pending" while
 * the person waits for approval, "affiliate" for a member (approved or paused), null otherwise.
 */
export async function getAffiliateStanding({ userId }: { userId: string }): Promise<AffiliateStanding> {
  const [program, affiliate] = await Promise.all([getAffiliateProgram(), getAffiliateForUser({ userId })]);
  return affiliateStanding({ program, affiliateStatus: affiliate?.status ?? null });
}

export type AffiliateStanding = "join" | "pending" | "affiliate" | null;

/** The rule of `getAffiliateStanding`, for a caller that read the program and the person's row itself. */
export function affiliateStanding({
  program,
  affiliateStatus,
}: {
  program: Pick<AffiliateProgram, "enabled" | "joinPolicy">;
  affiliateStatus: string | null;
}): AffiliateStanding {
  if (affiliateStatus) {
    if (affiliateStatus === "pending") return "pending";
    return affiliateStatus === "removed" ? null : "affiliate";
  }
  return program.enabled && program.joinPolicy !== "invitation" ? "join" : null;
}
