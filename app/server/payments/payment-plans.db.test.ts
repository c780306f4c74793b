import { addDays } from "date-fns";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import * as accountRoute from "~/routes/account/account";
import { findCourseAccess, findCoursesAccess } from "~/server/access/lesson-access.server";
import { courses, mailLog, orderLines, paymentPlans } from "~/server/db/schema";
import { refundOrder } from "./billing.server";
import { getCheckoutOffer, startCheckout } from "./checkout.server";
import {
  planPaymentFigures,
  PlanRefusedError,
  recordPlanInstalment,
  recordPlanInstalmentFailure,
  saveCoursePlan,
  settleDuePaymentPlans,
} from "./payment-plans.server";

const database = useTestDatabase();

const planOf = async (userId: string) => (await database().db.select().from(paymentPlans).where(eq(paymentPlans.userId, userId)))[0]!;
const coursePlanColumns = async (courseId: string) =>
  (await database().db.select({ n: courses.planPayments, cents: courses.planInstalmentCents }).from(courses).where(eq(courses.id, courseId)))[0];

/** A published course at $197 with a plan of 3 × $69, and a buyer who bought it by the plan. */
async function boughtByPlan() {
  const course = await createCourseForSale({ priceCents: 19700 });
  await saveCoursePlan({ courseId: course.id, payments: 3, instalmentCents: 6900 });
  const buyer = await createBuyer();
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, withPlan: true });
  expect(started.status).toBe("paid");
  return { course, buyer, user: { id: buyer.id, role: "user" }, published: { id: course.id, status: "published" } };
}

describe("a course's payment plan", () => {
  it("is refused on a free course, outside 2 to 12 payments, or at 0 or less, with the field and nothing stored", async () => {
    const free = await createCourseForSale({ priceCents: 0 });
    await expect(saveCoursePlan({ courseId: free.id, payments: 3, instalmentCents: 1000 })).rejects.toMatchObject({
      field: "planPayments",
      reason: "A free course cannot have a payment plan: give it a price first",
    });
    const course = await createCourseForSale();
    for (const [payments, instalmentCents, field] of [
      [1, 1000, "planPayments"],
      [13, 1000, "planPayments"],
      [3, -100, "planInstalment"],
      [3, 0, "planInstalment"],
    ] as const) {
      const refusal = await saveCoursePlan({ courseId: course.id, payments, instalmentCents }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PlanRefusedError);
      expect((refusal as PlanRefusedError).field).toBe(field);
    }
    expect(await coursePlanColumns(free.id)).toEqual({ n: null, cents: null });
    expect(await coursePlanColumns(course.id)).toEqual({ n: null, cents: null });
    // The database refuses it too, whatever writes it.
    await expect(database().db.update(courses).set({ planPayments: 13, planInstalmentCents: 100 }).where(eq(courses.id, course.id))).rejects.toThrow();
  });

  it("is offered at checkout as N payments, the total shown; choosing it prices the first instalment and drops the coupon", async () => {
    const course = await createCourseForSale({ priceCents: 19700 });
    const buyer = await createBuyer();
    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } })).paymentPlan).toBeNull();
    await saveCoursePlan({ courseId: course.id, payments: 3, instalmentCents: 6900 });
    const once = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } });
    expect(once).toMatchObject({ amountCents: 19700, paymentPlan: { payments: 3, instalmentCents: 6900, totalCents: 20700, chosen: false } });
    const byPlan = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, withPlan: true, couponCode: "SAVE10" });
    expect(byPlan).toMatchObject({ listPriceCents: 6900, amountCents: 6900, coupon: null, paymentPlan: { chosen: true } });
  });
});

describe("buying by a payment plan in test mode", () => {
  it("pays the first instalment as the order (its line, the order and the receipt agree), opens the course and queues the next payment", async () => {
    const { buyer, user, published } = await boughtByPlan();
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 6900, listPriceCents: 6900, instalmentNumber: 1, planPayments: 3 });
    expect(order!.itemTitle).toMatch(/, payment 1 of 3$/);
    const lines = await database().db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toMatchObject([{ kind: "course", amountCents: 6900, title: order!.itemTitle }]);
    const plan = await planOf(buyer.id);
    expect(plan).toMatchObject({ orderId: order!.id, payments: 3, paidCount: 1, instalmentCents: 6900, status: "active" });
    expect(order!.paymentPlanId).toBe(plan.id);
    expect(plan.nextDueAt!.getTime()).toBeGreaterThan(addDays(new Date(), 27).getTime());
    const { rows } = await database().executeSql(`select start_after from pgboss.job where name = 'test-plan-payment' and data->>'planId' = $1`, [plan.id]);
    expect(rows).toHaveLength(1);
    expect(await findCourseAccess({ user, course: published })).toMatchObject({ kind: "open", reason: "enrolled" });
    const receipts = await database().db.select({ subject: mailLog.subject }).from(mailLog).where(eq(mailLog.to, buyer.email));
    expect(receipts.length).toBeGreaterThan(0);
  });

  it("takes each later instalment as an order of its own, once each, until the plan is completed", async () => {
    const { buyer } = await boughtByPlan();
    const plan = await planOf(buyer.id);
    expect(await recordPlanInstalment({ planId: plan.id, number: 2 })).toMatchObject({ outcome: "paid" });
    // The same instalment again (a job retried, a second click): nothing more.
    expect(await recordPlanInstalment({ planId: plan.id, number: 2 })).toEqual({ outcome: "not-due" });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 2, status: "active" });
    expect(await recordPlanInstalment({ planId: plan.id })).toMatchObject({ outcome: "paid" });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 3, status: "completed", nextDueAt: null });
    expect(await recordPlanInstalment({ planId: plan.id })).toEqual({ outcome: "closed" });

    const orders = await ordersOf(buyer.id);
    expect(orders.map((order) => [order.instalmentNumber, order.amountCents, order.status])).toEqual([
      [1, 6900, "paid"],
      [2, 6900, "paid"],
      [3, 6900, "paid"],
    ]);
    expect(orders[2]!.itemTitle).toMatch(/, payment 3 of 3$/);
    const figures = await planPaymentFigures({ from: addDays(new Date(), -1), to: addDays(new Date(), 1) });
    expect(figures.collectedCents).toBeGreaterThanOrEqual(2 * 6900);
  });

  it("a declined instalment makes the plan overdue and mails the buyer; after the grace period the course pauses, and paying reopens it", async () => {
    const { buyer, user, published } = await boughtByPlan();
    const plan = await planOf(buyer.id);
    expect(await recordPlanInstalmentFailure({ planId: plan.id })).toEqual({ outcome: "overdue" });
    const mails = await database()
      .db.select({ subject: mailLog.subject, text: mailLog.text })
      .from(mailLog)
      .where(eq(mailLog.kind, "plan-payment-failed"))
      .orderBy(asc(mailLog.createdAt));
    expect(mails.filter((mail) => mail.text.includes("Payment 2 of 3"))).toHaveLength(1);
    expect(mails.at(-1)!.text).toContain("/account#payment-plans");
    // Within the grace period the course stays open.
    expect(await findCourseAccess({ user, course: published })).toMatchObject({ kind: "open" });
    expect(await settleDuePaymentPlans()).toMatchObject({ paused: 0 });

    expect(await settleDuePaymentPlans(addDays(new Date(), 8))).toMatchObject({ paused: 1 });
    expect(await planOf(buyer.id)).toMatchObject({ status: "paused", paidCount: 1 });
    expect(await findCourseAccess({ user, course: published })).toEqual({ kind: "previews", reason: "plan-paused" });
    expect((await findCoursesAccess({ user, courses: [published] })).get(published.id)).toEqual({ kind: "previews", reason: "plan-paused" });

    expect(await recordPlanInstalment({ planId: plan.id })).toMatchObject({ outcome: "paid" });
    expect(await planOf(buyer.id)).toMatchObject({ status: "active", paidCount: 2, overdueSince: null });
    expect(await findCourseAccess({ user, course: published })).toMatchObject({ kind: "open", reason: "enrolled" });
  });

  it("lets the buyer pay an overdue or paused instalment from their account, which reopens the course, once", async () => {
    const { buyer, user, published } = await boughtByPlan();
    const plan = await planOf(buyer.id);
    const me = sessionUser({ id: buyer.id, email: buyer.email });
    const pay = async (who = me) =>
      (await callAction(accountRoute, { path: "/account", user: who, form: { intent: "pay-overdue-plan", planId: plan.id } })) as unknown as {
        data: { toast?: { kind: string; message: string } };
        init: { status?: number } | null;
      };
    const shown = async () =>
      ((await callLoader(accountRoute, { path: "/account", user: me })) as { paymentPlans: { id: string; canPayOverdue: boolean }[] }).paymentPlans;

    // Nothing overdue: no button, and a forged post pays nothing.
    expect(await shown()).toMatchObject([{ id: plan.id, canPayOverdue: false }]);
    expect(await pay()).toMatchObject({ init: { status: 409 }, data: { toast: { kind: "error", message: "Nothing is overdue on this payment plan" } } });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 1, status: "active" });

    await recordPlanInstalmentFailure({ planId: plan.id });
    await settleDuePaymentPlans(addDays(new Date(), 8));
    expect(await findCourseAccess({ user, course: published })).toEqual({ kind: "previews", reason: "plan-paused" });
    expect(await shown()).toMatchObject([{ id: plan.id, canPayOverdue: true }]);

    // Someone else's plan is not found, and stays as it was.
    const stranger = await createBuyer();
    expect(await pay(sessionUser({ id: stranger.id, email: stranger.email }))).toMatchObject({ init: { status: 404 } });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 1, status: "paused" });

    expect(await pay()).toMatchObject({
      data: { toast: { kind: "success", message: "Payment made: your plan is up to date and the course is open" } },
    });
    expect(await planOf(buyer.id)).toMatchObject({ status: "active", paidCount: 2, overdueSince: null });
    expect(await findCourseAccess({ user, course: published })).toMatchObject({ kind: "open", reason: "enrolled" });
    expect((await ordersOf(buyer.id)).map((order) => [order.instalmentNumber, order.status])).toEqual([
      [1, "paid"],
      [2, "paid"],
    ]);
    // A second click pays nothing more.
    expect(await pay()).toMatchObject({ init: { status: 409 } });
    expect(await ordersOf(buyer.id)).toHaveLength(2);
    expect(await shown()).toMatchObject([{ canPayOverdue: false }]);
  });

  it("refunding the plan's order refunds every instalment paid, cancels the rest and takes the course back", async () => {
    const { buyer, user, published } = await boughtByPlan();
    const plan = await planOf(buyer.id);
    await recordPlanInstalment({ planId: plan.id });
    const [first] = await ordersOf(buyer.id);
    expect(await refundOrder({ orderId: first!.id, actorId: null })).toMatchObject({ refunded: true });
    expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(["refunded", "refunded"]);
    expect(await planOf(buyer.id)).toMatchObject({ status: "refunded", nextDueAt: null, paidCount: 2 });
    expect(await recordPlanInstalment({ planId: plan.id })).toEqual({ outcome: "closed" });
    expect(await findCourseAccess({ user, course: published })).toEqual({ kind: "previews", reason: "not-enrolled" });
  });
});
