import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { testConfig, useTestDatabase } from "../../../tests/support/test-database";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { enrollments, lessons, orders, subscriptions } from "~/server/db/schema";
import * as membershipRoute from "~/routes/account/account-membership";
import * as checkoutRoute from "./checkout";
import * as successRoute from "./checkout-success";

const database = useTestDatabase();

const ordersOf = (userId: string) => database().db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));

async function signedInBuyer() {
  const buyer = await createBuyer();
  return { buyer, user: sessionUser({ id: buyer.id, email: buyer.email }) };
}

/** The redirect an action answered with: its status, where it goes, and its headers (the toast cookie). */
async function redirectOf(result: Promise<unknown>) {
  const response = (await result) as Response;
  if (!(response instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(response)?.slice(0, 200)}`);
  return { status: response.status, location: response.headers.get("Location"), headers: response.headers };
}

/** A loader's `data(value, { status })` answer as the page gets it. */
function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit"
    ? { status: wrapped.init?.status ?? 200, data: wrapped.data }
    : { status: 200, data: result };
}

describe("/checkout", () => {
  it("shows a visitor the guest checkout, with a sign-in link back to the same checkout", async () => {
    const course = await createCourseForSale();
    const { status, data } = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&coupon=LAUNCH` }));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      guest: true,
      signInPath: `/login?next=${encodeURIComponent(`/checkout?courseId=${course.id}&coupon=LAUNCH`)}`,
      offer: { amountCents: course.priceCents, blocked: null },
    });
  });

  it("shows the course at its database price in test mode", async () => {
    const { user } = await signedInBuyer();
    const course = await createCourseForSale({ priceCents: 12900 });
    const { status, data } = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}`, user }));
    expect(status).toBe(200);
    expect(data).toMatchObject({ mode: "test", offer: { itemTitle: course.title, amountCents: 12900, blocked: null } });
  });

  it("answers 404 for a draft or unknown course and 400 for a link that names nothing", async () => {
    const { user } = await signedInBuyer();
    const draft = await createCourseForSale({ status: "draft" });
    for (const path of [`/checkout?courseId=${draft.id}`, "/checkout?courseId=nope"]) {
      const answer = await thrownResponse(callLoader(checkoutRoute, { path, user }));
      expect([answer.status, answer.data]).toEqual([404, { problem: "course-not-found" }]);
    }
    const nothing = await thrownResponse(callLoader(checkoutRoute, { path: "/checkout?plan=weekly", user }));
    expect([nothing.status, nothing.data]).toEqual([400, { problem: "nothing-to-buy" }]);
  });

  it("charges the database's price whatever price the form carries", async () => {
    const { buyer, user } = await signedInBuyer();
    const course = await createCourseForSale({ priceCents: 19700 });
    const answer = await redirectOf(
      callAction(checkoutRoute, {
        path: `/checkout?courseId=${course.id}`,
        user,
        form: { intent: "pay-course", courseId: course.id, amountCents: "1", priceCents: "1", price: "0.01" },
      }),
    );
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ amountCents: 19700, status: "paid" });
    expect(answer.location).toBe(`/checkout/success?order=${order!.id}`);
    expect((await toastAfter(new Response(null, { headers: answer.headers })))?.message).toBe(CHECKOUT_MESSAGES.paid);

    const success = await callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, user });
    expect(success.order).toMatchObject({ status: "paid", itemTitle: course.title, courseSlug: course.slug });
    // A course without lessons yet: its page is the way on.
    expect(success.next).toEqual({ label: "Go to the course", to: `/courses/${course.slug}` });
    // Another person's order is not theirs to see.
    const stranger = sessionUser();
    expect((await thrownResponse(callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, user: stranger }))).status).toBe(
      404,
    );
  });

  it("offers one way on after paying: the course's first lesson, or the courses for a new member", async () => {
    const { user } = await signedInBuyer();
    const course = await createCourseForSale();
    await database()
      .db.insert(lessons)
      .values([
        { courseId: course.id, title: "Second steps", slug: "second-steps", orderIndex: 2 },
        { courseId: course.id, title: "First steps", slug: "first-steps", orderIndex: 1 },
      ]);
    const paid = await redirectOf(callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-course", courseId: course.id } }));
    const success = await callLoader(successRoute, { path: paid.location!, user });
    expect(success.next).toEqual({ label: "Start the first lesson: First steps", to: `/courses/${course.slug}/lessons/first-steps` });

    const member = await redirectOf(callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-membership", plan: "monthly" } }));
    const welcome = await callLoader(successRoute, { path: member.location!, user });
    expect(welcome.next).toEqual({ label: "Browse your courses", to: "/courses" });
  });

  it("says the course is owned and charges nothing the second time", async () => {
    const { buyer, user } = await signedInBuyer();
    const course = await createCourseForSale();
    const form = { intent: "pay-course", courseId: course.id };
    await redirectOf(callAction(checkoutRoute, { path: "/checkout", user, form }));
    const again = await redirectOf(callAction(checkoutRoute, { path: "/checkout", user, form }));
    expect(again.location).toBe(`/courses/${course.slug}`);
    expect((await toastAfter(new Response(null, { headers: again.headers })))?.message).toBe(CHECKOUT_MESSAGES.alreadyOwned);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    const [enrollment] = await database().db.select().from(enrollments).where(eq(enrollments.userId, buyer.id));
    expect(enrollment).toMatchObject({ status: "active", source: "purchase" });
  });

  it("refuses a form without a known plan or course, keeping what was sent", async () => {
    const { user } = await signedInBuyer();
    const answer = unwrap(await callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-membership", plan: "weekly" } }));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ errors: { plan: ["Choose a membership plan"] }, values: { plan: "weekly" } });
  });

  describe("with DATABASE_URL and no payment provider", () => {
    let saved: ReturnType<typeof getConfig> | undefined;
    afterEach(() => {
      if (saved) setConfig(saved);
      saved = undefined;
    });

    it("shows the order but says payments are not configured (503), and the Pay action charges nothing", async () => {
      const { buyer, user } = await signedInBuyer();
      const course = await createCourseForSale();
      saved = getConfig();
      setConfig(testConfig({ DATABASE_URL: "postgres://app@db.invalid:5432/site" }));
      const page = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}`, user }));
      expect(page).toMatchObject({ status: 503, data: { mode: "none" } });
      const answer = unwrap(
        await callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-course", courseId: course.id } }),
      );
      expect(answer.status).toBe(503);
      expect(answer.data).toMatchObject({ toast: { kind: "error", message: CHECKOUT_MESSAGES.notConfigured } });
      expect(await ordersOf(buyer.id)).toHaveLength(0);
    });
  });
});

describe("/account/membership", () => {
  it("cancels a test-mode membership at the period's end and says until when", async () => {
    const { buyer, user } = await signedInBuyer();
    await redirectOf(callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-membership", plan: "monthly" } }));
    const answer = await redirectOf(
      callAction(membershipRoute, { path: "/account/membership", user, form: { intent: "cancel-membership" } }),
    );
    expect(answer.location).toBe("/account#membership");
    const toast = await toastAfter(new Response(null, { headers: answer.headers }));
    expect(toast).toMatchObject({ kind: "success", message: CHECKOUT_MESSAGES.membershipCancelScheduled });
    expect(toast?.description).toMatch(/^You keep every course until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    const [subscription] = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("tells a non-member there is nothing to cancel", async () => {
    const { user } = await signedInBuyer();
    const answer = await redirectOf(
      callAction(membershipRoute, { path: "/account/membership", user, form: { intent: "cancel-membership" } }),
    );
    expect(await toastAfter(new Response(null, { headers: answer.headers }))).toMatchObject({
      kind: "error",
      message: CHECKOUT_MESSAGES.membershipNotFound,
    });
  });
});
