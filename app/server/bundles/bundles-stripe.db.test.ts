import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { bundles, enrollments } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { createBundle } from "./bundles.server";

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];

describe("buying a bundle through Stripe (against the local double)", () => {
  it("asks Stripe for the bundle's price from the database, and its webhook opens every course once", async () => {
    const buyer = await createBuyer();
    const first = await createCourseForSale({ priceCents: 14900 });
    const second = await createCourseForSale({ priceCents: 9900 });
    const bundle = await createBundle({
      input: {
        title: "Stripe bundle",
        slug: `stripe-bundle-${Date.now()}`,
        description: "",
        coverUrl: null,
        priceCents: 20000,
        status: "published",
        courseIds: [first.id, second.id],
      },
    });
    // The price changes after the page was shown: the session asks for the price at payment.
    await database().db.update(bundles).set({ priceCents: 18000 }).where(eq(bundles.id, bundle.id));

    const started = await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });

    expect(started.status).toBe("redirect");
    const [order] = await ordersOf(buyer.id);
    const call = stripe.requests.at(-1)!;
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: "payment",
      client_reference_id: order!.id,
      "line_items[0][price_data][unit_amount]": "18000",
      "line_items[0][price_data][product_data][name]": "Stripe bundle",
    });
    expect(order).toMatchObject({ kind: "bundle", amountCents: 18000, status: "pending" });
    expect(await enrollmentOf(buyer.id, first.id)).toBeUndefined();

    const event = completedSession(order!);
    expect(await deliverStripeEvent(stripe, event)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    // The same event again (Stripe retries) changes nothing.
    expect((await deliverStripeEvent(stripe, event)).body).toMatchObject({ outcome: "duplicate" });

    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "paid", amountCents: 18000 });
    expect(await enrollmentOf(buyer.id, first.id)).toMatchObject({ status: "active", source: "bundle" });
    expect(await enrollmentOf(buyer.id, second.id)).toMatchObject({ status: "active", source: "bundle" });
  });
});
