import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo } from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { accessEvents, enrollments, orders, subscriptions } from "~/server/db/schema";
import { startCheckout } from "./checkout.server";

/**
 * Two checkout tabs paying for the same thing at once, in test mode: the second payment is found
 * to be a duplicate when it is fulfilled (under the buyer's lock) and given back at once.
 */

const database = useTestDatabase();

const ordersOf = (userId: string) => database().db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
const eventTypesOf = async (userId: string) =>
  (await database().db.select({ type: accessEvents.type }).from(accessEvents).where(eq(accessEvents.userId, userId)))
    .map((row) => row.type)
    .sort();

describe("two tabs paying at once in test mode", () => {
  it("sells a course once: the second payment is refunded, the buyer told, and the access stays", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });

    const results = await Promise.all([1, 2].map(() => startCheckout({ userId: buyer.id, item: { courseId: course.id } })));

    expect(results.map((result) => result.status).sort()).toEqual(["already-owned", "paid"]);
    const rows = await ordersOf(buyer.id);
    expect(rows.map((order) => order.status).sort()).toEqual(["paid", "refunded"]);
    const [access] = await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, course.id)));
    expect(access).toMatchObject({ status: "active", source: "purchase" });
    expect(await eventTypesOf(buyer.id)).toEqual(["grant", "purchase", "refund"]);
    const mails = await mailsTo(buyer.email);
    expect(mails.filter((mail) => mail.includes("receipt"))).toHaveLength(1);
    expect(mails.some((mail) => mail.includes(`Subject: Your payment for ${course.title} was refunded`))).toBe(true);
  });

  it("starts one membership: the second is refunded, and no second subscription is written", async () => {
    const buyer = await createBuyer();

    const results = await Promise.all((["monthly", "yearly"] as const).map((plan) => startCheckout({ userId: buyer.id, item: { plan } })));

    expect(results.map((result) => result.status).sort()).toEqual(["already-member", "paid"]);
    const rows = await ordersOf(buyer.id);
    expect(rows.map((order) => order.status).sort()).toEqual(["paid", "refunded"]);
    const subscriptionRows = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(subscriptionRows).toHaveLength(1);
    expect(rows.find((order) => order.status === "paid")!.subscriptionId).toBe(subscriptionRows[0]!.id);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    expect(await eventTypesOf(buyer.id)).toEqual(["membership_started", "refund"]);
    expect((await mailsTo(buyer.email)).some((mail) => mail.includes("was refunded"))).toBe(true);
  });
});
