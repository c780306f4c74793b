import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { orders } from "~/server/db/schema";
import { createBundle } from "~/server/bundles/bundles.server";
import { saveCourseUpsell, saveUpsell } from "~/server/offers/course-upsells.server";
import { startCheckout } from "~/server/payments/checkout.server";
import * as offerRoute from "./checkout-offer";
import * as successRoute from "./checkout-success";

/** The offer page after a purchase (docs/decisions/070), as the browser reaches it: plain GETs and form posts. */

const database = useTestDatabase();

async function paidOrderWithUpsell() {
  const buyer = await createBuyer();
  const user = sessionUser({ id: buyer.id, email: buyer.email });
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseUpsell({ courseId: course.id, product: { kind: "course", id: offered.id }, priceCents: 3000, pitch: "Go on" });
  await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  const [order] = await ordersOf(buyer.id);
  return { buyer, user, course, offered, order: order! };
}

describe("/checkout/offer", () => {
  it("comes before the confirmation once: the confirmation sends there, the page shows the offer, a second visit goes on", async () => {
    const { user, course, offered, order } = await paidOrderWithUpsell();
    const toOffer = await thrownResponse(callLoader(successRoute, { path: `/checkout/success?order=${order.id}`, user }));
    expect(toOffer).toMatchObject({ status: 302, location: `/checkout/offer?order=${order.id}` });
    const page = await callLoader(offerRoute, { path: `/checkout/offer?order=${order.id}`, user });
    expect(page).toMatchObject({
      shown: {
        order: { itemTitle: course.title, content: { to: `/courses/${course.slug}`, label: "Go to your course" } },
        offer: { title: offered.title, priceCents: 3000, usualPriceCents: 8000 },
      },
    });
    const again = await thrownResponse(callLoader(offerRoute, { path: `/checkout/offer?order=${order.id}`, user }));
    expect(again).toMatchObject({ status: 302, location: `/checkout/success?order=${order.id}` });
    // The confirmation is shown now, the offer not again.
    expect(await callLoader(successRoute, { path: `/checkout/success?order=${order.id}`, user })).toMatchObject({
      order: { status: "paid" },
    });
  });

  it("Add to my order posts as a plain form, sells the offer and names it on the confirmation", async () => {
    const { user, offered, order } = await paidOrderWithUpsell();
    await callLoader(offerRoute, { path: `/checkout/offer?order=${order.id}`, user });
    const answer = (await callAction(offerRoute, {
      path: `/checkout/offer?order=${order.id}`,
      user,
      form: { intent: "accept" },
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/checkout/success?order=${order.id}`);
    const confirmation = await callLoader(successRoute, { path: `/checkout/success?order=${order.id}`, user });
    expect(confirmation).toMatchObject({ upsell: { itemTitle: offered.title, amountCents: 3000, status: "paid" } });
  });

  it("No thanks records the answer; another person's order is never shown nor answered", async () => {
    const { user, order } = await paidOrderWithUpsell();
    const stranger = sessionUser({ id: (await createBuyer()).id, email: "stranger@example.test" });
    expect(await thrownResponse(callLoader(offerRoute, { path: `/checkout/offer?order=${order.id}`, user: stranger }))).toMatchObject({
      status: 302,
    });
    await callAction(offerRoute, { path: `/checkout/offer?order=${order.id}`, user: stranger, form: { intent: "accept" } });
    await callLoader(offerRoute, { path: `/checkout/offer?order=${order.id}`, user });
    await callAction(offerRoute, { path: `/checkout/offer?order=${order.id}`, user, form: { intent: "decline" } });
    const [saved] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved).toMatchObject({ upsellAnswer: "declined" });
    expect(await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, order.id))).toEqual([]);
  });

  it("follows a bundle's purchase too (docs/decisions/075): the confirmation sends there, the page links to the buyer's courses", async () => {
    const buyer = await createBuyer();
    const user = sessionUser({ id: buyer.id, email: buyer.email });
    const inside = await createCourseForSale();
    const bundle = await createBundle({
      input: { title: "Kit", slug: unique("kit"), description: "", coverUrl: null, priceCents: 9000, status: "published", courseIds: [inside.id] },
    });
    const offered = await createCourseForSale({ priceCents: 8000 });
    await saveUpsell({ owner: { bundleId: bundle.id }, product: { kind: "course", id: offered.id }, priceCents: 2000, pitch: "" });
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    const [order] = await ordersOf(buyer.id);
    const toOffer = await thrownResponse(callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, user }));
    expect(toOffer).toMatchObject({ status: 302, location: `/checkout/offer?order=${order!.id}` });
    expect(await callLoader(offerRoute, { path: `/checkout/offer?order=${order!.id}`, user })).toMatchObject({
      shown: { order: { itemTitle: "Kit", content: { to: "/account", label: "Go to your courses" } }, offer: { title: offered.title } },
    });
    await callAction(offerRoute, { path: `/checkout/offer?order=${order!.id}`, user, form: { intent: "accept" } });
    expect(await callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, user })).toMatchObject({
      upsell: { itemTitle: offered.title, amountCents: 2000, status: "paid" },
      // A bundle opened several courses: the way on is My courses, not the catalog.
      next: { label: "Go to your courses", to: "/account" },
    });
  });
});
