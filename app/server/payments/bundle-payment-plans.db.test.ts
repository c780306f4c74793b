import { addDays } from "date-fns";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import * as accountRoute from "~/routes/account/account";
import * as bundleEditRoute from "~/routes/admin/bundle-edit";
import * as userDetails from "~/routes/admin/user-details";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { findCourseAccess, findCoursesAccess } from "~/server/access/lesson-access.server";
import { createBundle, type BundleInput } from "~/server/bundles/bundles.server";
import { bundles, enrollments, orderLines, paymentPlans, subscriptions } from "~/server/db/schema";
import { refundOrder } from "./billing.server";
import { getCheckoutOffer, startCheckout } from "./checkout.server";
import {
  PlanRefusedError,
  recordPlanInstalment,
  recordPlanInstalmentFailure,
  removeBundlePlan,
  saveBundlePlan,
  settleDuePaymentPlans,
} from "./payment-plans.server";

/** Payment plans on bundles (docs/decisions/073). */

const database = useTestDatabase();

let slugs = 0;
const input = (courseIds: string[], overrides: Partial<BundleInput> = {}): BundleInput => ({
  title: `Plan bundle ${++slugs}`,
  slug: `plan-bundle-${slugs}-${Math.random().toString(36).slice(2, 8)}`,
  description: "Courses in monthly payments.",
  coverUrl: null,
  priceCents: 20000,
  status: "published",
  courseIds,
  ...overrides,
});

const planOf = async (userId: string) => (await database().db.select().from(paymentPlans).where(eq(paymentPlans.userId, userId)))[0]!;
const bundlePlanColumns = async (bundleId: string) =>
  (await database().db.select({ n: bundles.planPayments, cents: bundles.planInstalmentCents }).from(bundles).where(eq(bundles.id, bundleId)))[0];
const accessOf = (userId: string, courseId: string) => findCourseAccess({ user: { id: userId, role: "user" }, course: { id: courseId, status: "published" } });
const sourceOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select({ source: enrollments.source, status: enrollments.status })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];

/** A $200 bundle of two courses with a plan of 2 × $110. */
async function bundleWithPlan() {
  const first = await createCourseForSale({ priceCents: 14900 });
  const second = await createCourseForSale({ priceCents: 9900 });
  const bundle = await createBundle({ input: input([first.id, second.id]) });
  await saveBundlePlan({ bundleId: bundle.id, payments: 2, instalmentCents: 11000 });
  return { first, second, bundle };
}

async function boughtByPlan() {
  const sold = await bundleWithPlan();
  const buyer = await createBuyer();
  const started = await startCheckout({ userId: buyer.id, item: { bundleId: sold.bundle.id }, withPlan: true });
  expect(started.status).toBe("paid");
  return { ...sold, buyer, plan: await planOf(buyer.id) };
}

/** The grace period passed: the overdue plan is paused. */
async function pause(planId: string) {
  await recordPlanInstalmentFailure({ planId });
  expect(await settleDuePaymentPlans(addDays(new Date(), 8))).toMatchObject({ paused: 1 });
}

describe("a bundle's payment plan", () => {
  it("is refused on a free bundle, outside 2 to 12 payments, or at 0 or less, with the field and nothing stored", async () => {
    const course = await createCourseForSale();
    const free = await createBundle({ input: input([course.id], { priceCents: 0 }) });
    await expect(saveBundlePlan({ bundleId: free.id, payments: 3, instalmentCents: 1000 })).rejects.toMatchObject({
      field: "planPayments",
      reason: "A free bundle cannot have a payment plan: give it a price first",
    });
    const bundle = await createBundle({ input: input([course.id]) });
    for (const [payments, instalmentCents, field] of [
      [1, 1000, "planPayments"],
      [13, 1000, "planPayments"],
      [3, -100, "planInstalment"],
      [3, 0, "planInstalment"],
    ] as const) {
      const refusal = await saveBundlePlan({ bundleId: bundle.id, payments, instalmentCents }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PlanRefusedError);
      expect((refusal as PlanRefusedError).field).toBe(field);
    }
    expect(await bundlePlanColumns(free.id)).toEqual({ n: null, cents: null });
    expect(await bundlePlanColumns(bundle.id)).toEqual({ n: null, cents: null });
    // The database refuses it too, whatever writes it.
    await expect(database().db.update(bundles).set({ planPayments: 13, planInstalmentCents: 100 }).where(eq(bundles.id, bundle.id))).rejects.toThrow();
  });

  it("is saved and removed from the bundle's edit page, a refusal answering its field with what was typed", async () => {
    const course = await createCourseForSale();
    const bundle = await createBundle({ input: input([course.id]) });
    const admin = sessionUser({ role: "admin" });
    const post = (form: Record<string, string>) =>
      callAction(bundleEditRoute, { path: `/admin/bundles/${bundle.id}/edit`, params: { id: bundle.id }, user: admin, form }) as unknown as Promise<
        Response | { data: Record<string, unknown>; init: { status?: number } }
      >;
    const refused = (await post({ intent: "save-plan", planPayments: "13", planInstalment: "20" })) as { data: Record<string, unknown>; init: { status?: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ planErrors: { planPayments: ["Choose from 2 to 12 payments"] }, planValues: { planPayments: "13" } });
    expect(await bundlePlanColumns(bundle.id)).toEqual({ n: null, cents: null });

    expect(await post({ intent: "save-plan", planPayments: "4", planInstalment: "55" })).toBeInstanceOf(Response);
    expect(await bundlePlanColumns(bundle.id)).toEqual({ n: 4, cents: 5500 });
    const shown = (await callLoader(bundleEditRoute, { path: `/admin/bundles/${bundle.id}/edit`, params: { id: bundle.id }, user: admin })) as {
      plan: { values: { planPayments: string }; saved: boolean; total: string };
    };
    expect(shown.plan).toMatchObject({ values: { planPayments: "4" }, saved: true, total: "$220.00" });
    // Only an admin may.
    await expect(
      callAction(bundleEditRoute, {
        path: `/admin/bundles/${bundle.id}/edit`,
        params: { id: bundle.id },
        user: sessionUser(),
        form: { intent: "remove-plan" },
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await post({ intent: "remove-plan" })).toBeInstanceOf(Response);
    expect(await bundlePlanColumns(bundle.id)).toEqual({ n: null, cents: null });
  });

  it("is offered at the bundle's checkout as N payments, the total shown; choosing it prices the first instalment", async () => {
    const { bundle } = await bundleWithPlan();
    const buyer = await createBuyer();
    const once = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id } });
    expect(once).toMatchObject({ amountCents: 20000, paymentPlan: { payments: 2, instalmentCents: 11000, totalCents: 22000, onceCents: 20000, chosen: false } });
    const byPlan = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id }, withPlan: true, couponCode: "SAVE10" });
    expect(byPlan).toMatchObject({ listPriceCents: 11000, amountCents: 11000, coupon: null, paymentPlan: { chosen: true } });
    await removeBundlePlan({ bundleId: bundle.id });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id }, withPlan: true })).paymentPlan).toBeNull();
  });
});

describe("buying a bundle by its payment plan in test mode", () => {
  it("the first instalment opens every course of the bundle with the bundle as source; later ones are orders of the bundle until completed", async () => {
    const { first, second, bundle, buyer, plan } = await boughtByPlan();
    expect(plan).toMatchObject({ bundleId: bundle.id, courseId: null, payments: 2, paidCount: 1, instalmentCents: 11000, status: "active" });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ kind: "bundle", bundleId: bundle.id, amountCents: 11000, instalmentNumber: 1, paymentPlanId: plan.id });
    expect(order!.itemTitle).toMatch(/, payment 1 of 2$/);
    for (const course of [first, second]) {
      expect(await sourceOf(buyer.id, course.id)).toEqual({ source: "bundle", status: "active" });
      expect(await accessOf(buyer.id, course.id)).toMatchObject({ kind: "open", reason: "enrolled" });
    }
    const { rows } = await database().executeSql(`select 1 from pgboss.job where name = 'test-plan-payment' and data->>'planId' = $1`, [plan.id]);
    expect(rows).toHaveLength(1);

    expect(await recordPlanInstalment({ planId: plan.id, number: 2 })).toMatchObject({ outcome: "paid" });
    // The same instalment again (a job retried): nothing more, the plan is over.
    expect(await recordPlanInstalment({ planId: plan.id, number: 2 })).toEqual({ outcome: "closed" });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 2, status: "completed", nextDueAt: null });
    const orders = await ordersOf(buyer.id);
    expect(orders.map((row) => [row.kind, row.bundleId, row.instalmentNumber, row.amountCents, row.status])).toEqual([
      ["bundle", bundle.id, 1, 11000, "paid"],
      ["bundle", bundle.id, 2, 11000, "paid"],
    ]);
    const [line] = await database().db.select().from(orderLines).where(eq(orderLines.orderId, orders[1]!.id));
    expect(line).toMatchObject({ kind: "bundle", bundleId: bundle.id, bundleCourseIds: [first.id, second.id], amountCents: 11000 });
    expect(line!.title).toMatch(/, payment 2 of 2$/);
  });

  it("paused past the grace period closes the bundle's courses, except one held by a grant, another purchase or the membership; paying reopens", async () => {
    const granted = await createCourseForSale();
    const bought = await createCourseForSale({ priceCents: 5000 });
    const onlyBundle = await createCourseForSale();
    const bundle = await createBundle({ input: input([granted.id, bought.id, onlyBundle.id]) });
    await saveBundlePlan({ bundleId: bundle.id, payments: 3, instalmentCents: 7000 });
    const buyer = await createBuyer();
    // Held before the bundle: an admin's grant, and the course bought on its own.
    await grantCourseAccess({ userId: buyer.id, courseId: granted.id, actorId: null, source: "admin" });
    expect((await startCheckout({ userId: buyer.id, item: { courseId: bought.id } })).status).toBe("paid");
    expect((await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id }, withPlan: true })).status).toBe("paid");
    const plan = await planOf(buyer.id);
    expect(await sourceOf(buyer.id, onlyBundle.id)).toMatchObject({ source: "bundle" });

    await recordPlanInstalmentFailure({ planId: plan.id });
    // Within the grace period everything stays open.
    expect(await accessOf(buyer.id, onlyBundle.id)).toMatchObject({ kind: "open" });
    expect(await settleDuePaymentPlans(addDays(new Date(), 8))).toMatchObject({ paused: 1 });

    expect(await accessOf(buyer.id, onlyBundle.id)).toEqual({ kind: "previews", reason: "plan-paused" });
    expect(await accessOf(buyer.id, granted.id)).toMatchObject({ kind: "open", reason: "enrolled" });
    expect(await accessOf(buyer.id, bought.id)).toMatchObject({ kind: "open", reason: "enrolled" });
    const many = await findCoursesAccess({
      user: { id: buyer.id, role: "user" },
      courses: [granted, bought, onlyBundle].map((course) => ({ id: course.id, status: "published" })),
    });
    expect([...many.values()].map((access) => access.kind)).toEqual(["open", "open", "previews"]);
    expect(many.get(onlyBundle.id)).toEqual({ kind: "previews", reason: "plan-paused" });

    // The membership opens it whatever the plan says.
    const [membership] = await database()
      .db.insert(subscriptions)
      .values({ userId: buyer.id, plan: "monthly", provider: "test", providerSubscriptionId: `test_sub_${plan.id}`, currentPeriodEnd: addDays(new Date(), 30) })
      .returning({ id: subscriptions.id });
    expect(await accessOf(buyer.id, onlyBundle.id)).toMatchObject({ kind: "open", reason: "member" });
    await database().db.delete(subscriptions).where(eq(subscriptions.id, membership!.id));
    expect(await accessOf(buyer.id, onlyBundle.id)).toEqual({ kind: "previews", reason: "plan-paused" });

    // Another buyer's paused plan closes nothing of this one's, and this one's nothing of theirs.
    const other = await createBuyer();
    expect((await startCheckout({ userId: other.id, item: { bundleId: bundle.id } })).status).toBe("paid");
    expect(await accessOf(other.id, onlyBundle.id)).toMatchObject({ kind: "open" });

    expect(await recordPlanInstalment({ planId: plan.id })).toMatchObject({ outcome: "paid" });
    expect(await planOf(buyer.id)).toMatchObject({ status: "active", paidCount: 2 });
    expect(await accessOf(buyer.id, onlyBundle.id)).toMatchObject({ kind: "open", reason: "enrolled" });
  });

  it("a course also sold by another paid bundle stays open when one bundle's plan pauses", async () => {
    const { first, second, buyer, plan } = await boughtByPlan();
    const third = await createCourseForSale();
    const other = await createBundle({ input: input([first.id, third.id]) });
    expect((await startCheckout({ userId: buyer.id, item: { bundleId: other.id } })).status).toBe("paid");
    await pause(plan.id);
    expect(await accessOf(buyer.id, first.id)).toMatchObject({ kind: "open", reason: "enrolled" });
    expect(await accessOf(buyer.id, second.id)).toEqual({ kind: "previews", reason: "plan-paused" });
  });

  it("the account and the admin's user page show it, paid k of N, and the owner's control runs the next payment", async () => {
    const { buyer, plan } = await boughtByPlan();
    const me = sessionUser({ id: buyer.id, email: buyer.email });
    const shown = async () =>
      ((await callLoader(accountRoute, { path: "/account", user: me })) as { paymentPlans: { id: string; paidCount: number; payments: number; next: string | null }[] })
        .paymentPlans;
    expect(await shown()).toMatchObject([{ id: plan.id, paidCount: 1, payments: 2 }]);
    await pause(plan.id);
    expect((await shown())[0]!.next).toBe("Paused: a payment is overdue and the bundle's courses are closed until it is paid");
    const admin = sessionUser({ role: "admin" });
    const ran = (await callAction(userDetails, {
      path: `/admin/users/${buyer.id}`,
      params: { id: buyer.id },
      user: admin,
      form: { intent: "plan-pay-next", planId: plan.id },
    })) as unknown as { data: { toast?: { kind: string } } };
    expect(ran.data.toast?.kind).toBe("success");
    expect(await shown()).toMatchObject([{ id: plan.id, paidCount: 2, payments: 2 }]);
  });

  it("refunding the plan refunds every instalment paid, cancels the rest and takes back the bundle's courses except one held another way", async () => {
    const granted = await createCourseForSale();
    const onlyBundle = await createCourseForSale();
    const bundle = await createBundle({ input: input([granted.id, onlyBundle.id]) });
    await saveBundlePlan({ bundleId: bundle.id, payments: 3, instalmentCents: 7000 });
    const buyer = await createBuyer();
    await grantCourseAccess({ userId: buyer.id, courseId: granted.id, actorId: null, source: "admin" });
    expect((await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id }, withPlan: true })).status).toBe("paid");
    const plan = await planOf(buyer.id);
    await recordPlanInstalment({ planId: plan.id });
    const [first] = await ordersOf(buyer.id);
    expect(await refundOrder({ orderId: first!.id, actorId: null })).toMatchObject({ refunded: true });
    expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(["refunded", "refunded"]);
    expect(await planOf(buyer.id)).toMatchObject({ status: "refunded", nextDueAt: null, paidCount: 2 });
    expect(await recordPlanInstalment({ planId: plan.id })).toEqual({ outcome: "closed" });
    expect(await sourceOf(buyer.id, onlyBundle.id)).toMatchObject({ status: "revoked" });
    expect(await accessOf(buyer.id, onlyBundle.id)).toEqual({ kind: "previews", reason: "not-enrolled" });
    expect(await accessOf(buyer.id, granted.id)).toMatchObject({ kind: "open", reason: "enrolled" });
  });
});
