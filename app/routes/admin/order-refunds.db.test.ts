import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, useStripeDouble } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { accessEvents, enrollments, orders, users } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { fulfilCheckout } from "~/server/payments/fulfil-checkout.server";
import * as ordersList from "./orders";
import * as userDetails from "./user-details";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const database = useTestDatabase();

const admin = sessionUser({ role: "admin", name: "Ada Admin" });
const learner = sessionUser({ role: "user", name: "Lee Learner" });

type Answer = {
  data: { toast?: { kind: string; message: string }; errors?: Record<string, string[]>; values?: Record<string, string> };
  init?: { status?: number } | null;
};

beforeAll(async () => {
  for (const person of [admin, learner])
    await database()
      .db.insert(users)
      .values({ id: person.id, email: person.email, name: person.name, role: person.role, emailVerified: true });
});

/** A learner who bought a course in test mode: the paid order, and the access it gave. */
async function paidCourseOrder() {
  const buyer = await createBuyer();
  const course = await createCourseForSale();
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  if (started.status !== "paid") throw new Error(`expected a paid test-mode order, got ${started.status}`);
  return { buyer, course, orderId: started.orderId };
}

const orderOf = async (orderId: string) => (await database().db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];
const eventsOf = (userId: string) =>
  database().db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.createdAt));

const refund = (orderId: string, { user = admin, path = "/admin/orders" } = {}) =>
  callAction(ordersList, { path, user, form: { intent: "refund", orderId } }) as Promise<Answer | Response>;

describe("Refund on /admin/orders", () => {
  it("refunds a test-mode course order, takes the course back, and returns to the list as it was", async () => {
    const { buyer, course, orderId } = await paidCourseOrder();
    const list = `/admin/orders?q=${encodeURIComponent(buyer.email)}&status=paid&page=2`;

    const response = (await refund(orderId, { path: list })) as Response;

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(list);
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: `Refunded “${course.title}”.` });
    expect(await orderOf(orderId)).toMatchObject({ status: "refunded", refundedAt: expect.any(Date) });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked", revokedAt: expect.any(Date) });
    const events = await eventsOf(buyer.id);
    expect(events.map((event) => [event.type, event.orderId])).toEqual([
      ["purchase", orderId],
      ["grant", orderId],
      ["refund", orderId],
      ["revoke", orderId],
    ]);
    expect(events.find((event) => event.type === "refund")).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      courseId: course.id,
    });

    const { rows } = await callLoader(ordersList, { path: `/admin/orders?q=${encodeURIComponent(buyer.email)}`, user: admin });
    expect(rows).toEqual([
      expect.objectContaining({ id: orderId, status: "refunded", refundable: false, refunded: expect.stringMatching(/^on /) }),
    ]);
  });

  it("refuses a second refund with its message and changes nothing", async () => {
    const { buyer, orderId } = await paidCourseOrder();
    await refund(orderId);
    const before = { order: await orderOf(orderId), events: await eventsOf(buyer.id) };

    const again = (await refund(orderId)) as Answer;

    expect(again.init?.status).toBe(409);
    expect(again.data.toast).toMatchObject({ kind: "error", message: "This order was refunded already" });
    expect(await orderOf(orderId)).toEqual(before.order);
    expect(await eventsOf(buyer.id)).toEqual(before.events);
  });

  it("keeps access an admin granted when the order for the same course is refunded", async () => {
    const { buyer, course, orderId } = await paidCourseOrder();
    await database().db.update(enrollments).set({ source: "admin" }).where(eq(enrollments.userId, buyer.id));
    expect(await refund(orderId)).toBeInstanceOf(Response);
    expect(await orderOf(orderId)).toMatchObject({ status: "refunded" });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "admin" });
  });

  it("refuses an order that is not paid, and a Stripe membership, without touching them", async () => {
    const buyer = await createBuyer();
    const [pending, stripeMembership] = await database()
      .db.insert(orders)
      .values([
        {
          userId: buyer.id,
          customerEmail: buyer.email,
          kind: "course",
          itemTitle: "Waiting",
          amountCents: 500,
          status: "pending",
          provider: "test",
        },
        {
          userId: buyer.id,
          customerEmail: buyer.email,
          kind: "membership",
          plan: "monthly",
          itemTitle: "All-courses membership",
          amountCents: 9700,
          status: "paid",
          provider: "stripe",
          paymentId: "in_test",
        },
      ])
      .returning({ id: orders.id });

    const notPaid = (await refund(pending!.id)) as Answer;
    expect([notPaid.init?.status, notPaid.data.toast?.message]).toEqual([409, "Only a paid order can be refunded"]);
    const atStripe = (await refund(stripeMembership!.id)) as Answer;
    expect([atStripe.init?.status, atStripe.data.toast?.message]).toEqual([
      409,
      "Refund and cancel this membership in your Stripe dashboard; it ends here when Stripe cancels it",
    ]);
    expect((await orderOf(pending!.id)).status).toBe("pending");
    expect((await orderOf(stripeMembership!.id)).status).toBe("paid");

    const { rows } = await callLoader(ordersList, { path: `/admin/orders?q=${encodeURIComponent(buyer.email)}`, user: admin });
    // Both were written at the same moment: the id breaks the tie, so compare them by title.
    expect(rows.map((row) => [row.itemTitle, row.refundable, row.refundAtStripe]).toSorted()).toEqual([
      ["All-courses membership", false, true],
      ["Waiting", false, false],
    ]);
  });

  it("answers 404 'Order not found' for an order that does not exist", async () => {
    const missing = (await refund("00000000-0000-4000-8000-000000000000")) as Answer;
    expect([missing.init?.status, missing.data.toast]).toEqual([
      404,
      expect.objectContaining({ kind: "error", message: "Order not found" }),
    ]);
  });

  it("refuses a form without a valid order id with 400 and its message", async () => {
    for (const orderId of ["not-an-id", ""]) {
      const refused = (await refund(orderId)) as Answer;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.errors).toEqual({ orderId: ["Choose an order to refund"] });
      expect(refused.data.values).toEqual({ intent: "refund", orderId });
      expect(refused.data.toast).toMatchObject({ kind: "error", message: "Choose an order to refund" });
    }
    const unknown = (await callAction(ordersList, { path: "/admin/orders", user: admin, form: { intent: "delete", id: "x" } })) as Answer;
    expect(unknown.init?.status).toBe(400);
  });

  it("ends a test-mode membership that is refunded, with its audit rows", async () => {
    const buyer = await createBuyer();
    const started = await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    if (started.status !== "paid") throw new Error(`expected a paid membership, got ${started.status}`);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    const response = (await refund(started.orderId)) as Response;

    expect(await toastAfter(response)).toMatchObject({
      message: expect.stringMatching(/^Refunded “.+ all-access membership \(monthly\)”\.$/),
    });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
    expect((await eventsOf(buyer.id)).map((event) => event.type)).toEqual(["membership_started", "refund", "membership_ended"]);
  });

  it("sends a visitor to /login and refuses a learner with 403, refunding nothing", async () => {
    const { buyer, course, orderId } = await paidCourseOrder();
    expect(await thrownResponse(refund(orderId, { user: null as never }))).toMatchObject({
      status: 302,
      location: "/login?next=%2Fadmin%2Forders",
    });
    expect(await thrownResponse(refund(orderId, { user: learner }))).toMatchObject({ status: 403 });
    expect((await orderOf(orderId)).status).toBe("paid");
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active" });
  });
});

describe("Refund on /admin/users/:id", () => {
  it("refunds one of the person's orders and stays on the page, which then shows it refunded and the course revoked", async () => {
    const { buyer, course, orderId } = await paidCourseOrder();
    const call = { path: `/admin/users/${buyer.id}`, params: { id: buyer.id } };

    const answer = (await callAction(userDetails, { ...call, user: admin, form: { intent: "refund", orderId } })) as Answer;

    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.toast).toMatchObject({ kind: "success", message: `Refunded “${course.title}”.` });
    const page = await callLoader(userDetails, { ...call, user: admin });
    expect(page.payments?.orders).toEqual([expect.objectContaining({ id: orderId, status: "refunded", refundable: false })]);
    expect(page.courses.find((row) => row.courseId === course.id)).toMatchObject({ status: "revoked" });

    const again = (await callAction(userDetails, { ...call, user: admin, form: { intent: "refund", orderId } })) as Answer;
    expect([again.init?.status, again.data.toast?.message]).toEqual([409, "This order was refunded already"]);
  });

  it("offers Refund on a paid order", async () => {
    const { buyer, orderId } = await paidCourseOrder();
    const page = await callLoader(userDetails, { path: `/admin/users/${buyer.id}`, params: { id: buyer.id }, user: admin });
    expect(page.payments?.orders).toEqual([
      expect.objectContaining({ id: orderId, status: "paid", refundable: true, testMode: true, kind: "course" }),
    ]);
  });
});

describe("Refund of an order paid through Stripe", () => {
  // The site may run in test mode now: an order is refunded by the provider that took the money.
  const stripe = useStripeDouble();

  /** A course order Stripe's webhook reported paid, through the same fulfilment as in production. */
  async function stripeCourseOrder() {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const [order] = await database()
      .db.insert(orders)
      .values({
        userId: buyer.id,
        customerEmail: buyer.email,
        kind: "course",
        courseId: course.id,
        itemTitle: course.title,
        amountCents: 19700,
        provider: "stripe",
      })
      .returning({ id: orders.id });
    const paymentIntent = `pi_${order!.id.slice(0, 8)}`;
    await fulfilCheckout({
      event: { id: `evt_${order!.id}`, provider: "stripe", type: "checkout.session.completed" },
      orderId: order!.id,
      checkoutSessionId: `cs_${order!.id}`,
      paymentId: paymentIntent,
    });
    return { buyer, course, orderId: order!.id, paymentIntent };
  }

  it("asks Stripe to refund the payment, then records the refund", async () => {
    const { buyer, course, orderId, paymentIntent } = await stripeCourseOrder();
    const response = (await refund(orderId)) as Response;
    expect(response.status).toBe(302);
    const call = stripe.requests.at(-1)!;
    expect([call.path, call.form.get("payment_intent"), call.idempotencyKey]).toEqual(["/v1/refunds", paymentIntent, `refund-${orderId}`]);
    expect((await orderOf(orderId)).status).toBe("refunded");
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked" });
  });

  it("answers 502 'Failed to refund order' when Stripe refuses, and changes nothing here", async () => {
    expectErrorLogs(/payment operation failed/);
    const { buyer, course, orderId } = await stripeCourseOrder();
    stripe.failNext(400, "Charge has already been refunded.");

    const refused = (await refund(orderId)) as Answer;

    expect([refused.init?.status, refused.data.toast]).toEqual([
      502,
      expect.objectContaining({ kind: "error", message: "Failed to refund order" }),
    ]);
    expect((await orderOf(orderId)).status).toBe("paid");
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active" });
    expect((await eventsOf(buyer.id)).map((event) => event.type)).toEqual(["purchase", "grant"]);
  });
});
