import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, toastAfter } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { toOrderRow } from "~/components/admin/order-row";
import { orders } from "~/server/db/schema";
import { listAdminOrders } from "~/server/payments/admin-orders.server";
import { loadAccountBilling } from "~/routes/account/account-billing.server";
import { COUPON_CHECK_LIMITS } from "~/server/coupons/coupon-rate-limits.server";
import * as checkoutRoute from "./checkout";

const database = useTestDatabase();

async function signedInBuyer() {
  const buyer = await createBuyer();
  return { buyer, user: sessionUser({ id: buyer.id, email: buyer.email }) };
}

/** A `data(value, { status })` answer as the page gets it. */
function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit"
    ? { status: wrapped.init?.status ?? 200, data: wrapped.data }
    : { status: 200, data: result };
}

describe("/checkout with a coupon", () => {
  it("prices a code from the link, and Pay sells at that price: the admin's orders list shows the code and the discount", async () => {
    const { buyer, user } = await signedInBuyer();
    const course = await createCourseForSale({ priceCents: 20000 });
    const coupon = await createTestCoupon({ percentOff: 25 });
    const path = `/checkout?courseId=${course.id}&coupon=${coupon.code.toLowerCase()}`;

    const { data } = unwrap(await callLoader(checkoutRoute, { path, user }));
    expect(data).toMatchObject({
      couponError: null,
      typedCoupon: coupon.code.toLowerCase(),
      offer: { listPriceCents: 20000, discountCents: 5000, amountCents: 15000, coupon: { code: coupon.code, refusal: null } },
    });

    const response = (await callAction(checkoutRoute, {
      path,
      user,
      form: { intent: "pay-course", courseId: course.id, coupon: coupon.code },
    })) as Response;
    expect(response.status).toBe(302);
    expect(await toastAfter(response)).toMatchObject({ message: "Payment received" });
    const { orders: listed } = await listAdminOrders({ query: buyer.email });
    expect(toOrderRow(listed[0]!)).toMatchObject({ amount: "$150.00", discount: `${coupon.code}: −$50.00 of $200.00` });
    // The buyer's own account lists it the same way.
    const { orders: mine } = await loadAccountBilling({ userId: buyer.id });
    expect(mine).toMatchObject([{ amountCents: 15000, discount: `${coupon.code}: −$50.00 of $200.00` }]);
  });

  it("says why a code is refused next to the field, keeps it as typed, and shows the full price", async () => {
    const { user } = await signedInBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    const expired = await createTestCoupon({ startsAt: new Date(Date.now() - 3 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) });
    for (const [typed, message] of [
      ["nothing-like-it", "There is no coupon with this code"],
      [expired.code, "This coupon has expired"],
      ["x".repeat(60), "There is no coupon with this code"],
    ]) {
      const { data } = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&coupon=${typed}`, user }));
      expect(data, typed).toMatchObject({ couponError: message, typedCoupon: typed, offer: { amountCents: 9900, discountCents: 0 } });
    }
  });

  it("refuses at Pay a code used up since the page was shown: 409 with the message, nothing sold", async () => {
    const { buyer, user } = await signedInBuyer();
    const rival = await createBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    const coupon = await createTestCoupon({ maxRedemptions: 1 });
    await callAction(checkoutRoute, {
      path: "/checkout",
      user: sessionUser({ id: rival.id, email: rival.email }),
      form: { intent: "pay-course", courseId: course.id, coupon: coupon.code },
    });

    const answer = unwrap(
      await callAction(checkoutRoute, {
        path: "/checkout",
        user,
        form: { intent: "pay-course", courseId: course.id, coupon: coupon.code },
      }),
    );
    expect(answer).toMatchObject({
      status: 409,
      data: { couponError: "This coupon has been used up", offer: { amountCents: 9900, discountCents: 0 }, toast: { kind: "error" } },
    });
    expect(await database().db.$count(orders, eq(orders.userId, buyer.id))).toBe(0);
  });

  it("answers a code for another product as it answers an unknown code", async () => {
    const { user } = await signedInBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    const forMembership = await createTestCoupon({ appliesTo: "membership" });
    const forAnother = await createTestCoupon({ appliesTo: "courses", courseIds: [(await createCourseForSale()).id] });
    const answers = [];
    for (const typed of ["NO-SUCH-CODE", forMembership.code, forAnother.code]) {
      const { data } = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&coupon=${typed}`, user }));
      answers.push((data as { couponError: string }).couponError);
    }
    expect(answers).toEqual(Array(3).fill("There is no coupon with this code"));
  });

  it("counts every code tried per account (any address) and per address (any account): over the limit, 429 and no lookup", async () => {
    const course = await createCourseForSale({ priceCents: 9900 });
    const coupon = await createTestCoupon({ percentOff: 50 });
    const check = (user: ReturnType<typeof sessionUser>, code: string, clientIp: string) =>
      callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&coupon=${code}`, user, clientIp }).then(unwrap);

    // One account from a new address each time: 20 guesses, then refused, even for the right code.
    const { buyer, user } = await signedInBuyer();
    for (let i = 0; i < COUPON_CHECK_LIMITS.account.max; i++) expect((await check(user, `GUESS-${i}`, `198.51.100.${i + 1}`)).status).toBe(200);
    const refused = await check(user, coupon.code, "198.51.100.200");
    expect(refused).toMatchObject({
      status: 429,
      data: { couponError: expect.stringMatching(/^Too many coupon codes tried\. Please try again in 1[45] minutes\.$/), offer: { discountCents: 0, coupon: null } },
    });
    const paid = unwrap(
      await callAction(checkoutRoute, { path: "/checkout", user, clientIp: "198.51.100.201", form: { intent: "pay-course", courseId: course.id, coupon: coupon.code } }),
    );
    expect(paid).toMatchObject({ status: 429, data: { couponError: expect.stringMatching(/^Too many coupon codes tried/), toast: { kind: "error" } } });
    expect(await database().db.$count(orders, eq(orders.userId, buyer.id))).toBe(0);
    // Without a code, the checkout is not limited.
    expect((await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}`, user, clientIp: "198.51.100.202" }).then(unwrap)).status).toBe(200);

    // One address, a new account every few guesses: 40 guesses, then refused.
    const address = "203.0.113.99";
    let guesser = (await signedInBuyer()).user;
    for (let i = 0; i < COUPON_CHECK_LIMITS.ip.max; i++) {
      if (i > 0 && i % 10 === 0) guesser = (await signedInBuyer()).user;
      expect((await check(guesser, `GUESS-${i}`, address)).status).toBe(200);
    }
    expect((await check((await signedInBuyer()).user, coupon.code, address)).status).toBe(429);
  });
});
