import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { taxOfLine } from "~/lib/tax";
import { db, type Transaction } from "~/server/db/client.server";
import { courses, orders, users, type Order } from "~/server/db/schema";
import { findUpsellOffer, readUpsellForSale, type UpsellOffer, type UpsellOwner } from "~/server/offers/course-upsells.server";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { findTaxRate, isTaxCollected } from "~/server/tax/tax-rates.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { lockOrder } from "./order-locks.server";
import { writeOrderLines } from "./order-lines.server";
import { paymentsProviderFor } from "./providers.server";

/**
 * One-click upsells after a purchase of a course or a bundle (docs/decisions/070, 075). The paid order records that its offer
 * page was shown (`upsell_shown_at`, claimed once) and what the buyer answered (`upsell_answer`);
 * an accepted offer is a second order (`upsell_of_order_id`, unique: one per order) with one line
 * of kind `upsell`, paid with the card the first payment used and fulfilled like any order.
 */

/**
 * The paid order as an offer page is about it: the signed-in buyer's own course or bundle order,
 * not itself an upsell's. (A membership's order has none: decision 075.)
 */
const offerableOrder = (orderId: string, userId: string) =>
  and(
    eq(orders.id, orderId),
    eq(orders.userId, userId),
    eq(orders.status, "paid"),
    inArray(orders.kind, ["course", "bundle"]),
    eq(orders.guestCheckout, false),
    isNull(orders.upsellOfOrderId),
  )!;

/** Whose upsell follows the order: its course's or its bundle's. */
const ownerOf = (order: { courseId: string | null; bundleId: string | null }): UpsellOwner | null =>
  order.courseId ? { courseId: order.courseId } : order.bundleId ? { bundleId: order.bundleId } : null;

/**
 * The upsell to show after this order, if its page has not been shown yet and the buyer may take
 * one: what the confirmation page asks before it shows itself.
 */
export async function findPendingUpsell({ userId, orderId }: { userId: string; orderId: string }) {
  if (!isUuid(orderId)) return null;
  const [order] = await db()
    .select({ courseId: orders.courseId, bundleId: orders.bundleId })
    .from(orders)
    .where(and(offerableOrder(orderId, userId), isNull(orders.upsellShownAt)));
  const owner = order ? ownerOf(order) : null;
  if (!owner) return null;
  return findUpsellOffer({ owner, userId });
}

/**
 * Shows the order's offer once: claims the showing (one statement, so two tabs or a reload get
 * it once) and answers the offer with where the buyer's purchase is (a course's page, or their
 * courses for a bundle), or null when it was shown
 * before or there is nothing to offer.
 */
export async function claimUpsellShowing({ userId, orderId }: { userId: string; orderId: string }) {
  const offer = await findPendingUpsell({ userId, orderId });
  if (!offer) return null;
  const [claimed] = await db()
    .update(orders)
    .set({ upsellShownAt: new Date() })
    .where(and(offerableOrder(orderId, userId), isNull(orders.upsellShownAt)))
    .returning({ id: orders.id, itemTitle: orders.itemTitle, currency: orders.currency, courseId: orders.courseId });
  if (!claimed) return null;
  return { order: { ...claimed, content: await contentLink(claimed.courseId) }, offer };
}

/** "No thanks": recorded once; false when the offer was not shown or was answered already. */
export async function declineUpsell({ userId, orderId }: { userId: string; orderId: string }) {
  if (!isUuid(orderId)) return false;
  const declined = await db()
    .update(orders)
    .set({ upsellAnswer: "declined" })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.upsellAnswer), sql`${orders.upsellShownAt} is not null`))
    .returning({ id: orders.id });
  return declined.length > 0;
}

export type UpsellAcceptance =
  /** Charged and opened: the upsell's order is paid. */
  | { status: "paid"; upsellOrderId: string; title: string }
  /** Answered before (a double click, another tab): nothing more was charged. */
  | { status: "answered"; upsellOrderId: string | null }
  /** The offer was not shown for this order, or is no longer for sale, or the buyer holds it now. */
  | { status: "gone" }
  /** The bank declined the one-click charge or asked for authentication: the buyer pays on the provider's page. */
  | { status: "redirect"; upsellOrderId: string };

/**
 * "Add to my order": in one transaction, under the paid order's lock, records the answer and
 * writes the upsell's order priced from the database now; then charges the saved card (test mode
 * completes at once) and fulfils it through the one fulfilment path, which opens the course and
 * queues the receipt. A second click finds the answer recorded and charges nothing; the provider's
 * idempotency key is the paid order's, so even a repeated call is one charge.
 */
export async function acceptUpsell({ userId, orderId }: { userId: string; orderId: string }): Promise<UpsellAcceptance> {
  if (!isUuid(orderId)) return { status: "gone" };
  // Whether the buyer holds the offer now (read before the transaction; a purchase of it paid in
  // between is a second purchase, refunded by the fulfilment as two tabs' are).
  const [bought] = await db()
    .select({ courseId: orders.courseId, bundleId: orders.bundleId })
    .from(orders)
    .where(offerableOrder(orderId, userId));
  const boughtOwner = bought ? ownerOf(bought) : null;
  const available = boughtOwner ? await findUpsellOffer({ owner: boughtOwner, userId }) : null;
  const written = await db().transaction(async (tx) => {
    const parent = await lockOrder({ tx, where: offerableOrder(orderId, userId) });
    const owner = parent ? ownerOf(parent) : null;
    if (!parent?.upsellShownAt || !owner) return { status: "gone" as const };
    if (parent.upsellAnswer) {
      const [linked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.upsellOfOrderId, parent.id));
      return { status: "answered" as const, upsellOrderId: linked?.id ?? null };
    }
    // The price and the product as they are now, read in the transaction that writes the order.
    const offer = available ? await readUpsellForSale({ owner, database: tx }) : null;
    if (!offer) {
      await tx.update(orders).set({ upsellAnswer: "declined" }).where(eq(orders.id, parent.id));
      return { status: "gone" as const };
    }
    const upsellOrder = await writeUpsellOrder({ tx, parent, offer });
    await tx.update(orders).set({ upsellAnswer: "accepted" }).where(eq(orders.id, parent.id));
    return { status: "written" as const, parent, upsellOrder, offer };
  });
  if (written.status !== "written") return written;
  return payUpsellOrder(written);
}

/** The upsell's pending order: one `upsell` line at the special price, taxed as the first payment was (test mode's rates). */
async function writeUpsellOrder({ tx, parent, offer }: { tx: Transaction; parent: Order; offer: UpsellOffer }) {
  const rated = parent.provider === "test" && parent.buyerCountry && (await isTaxCollected({ database: tx }));
  const basisPoints = rated ? await findTaxRate({ country: parent.buyerCountry!, database: tx }) : null;
  const taxCents = basisPoints ? taxOfLine({ netCents: offer.priceCents, basisPoints }) : 0;
  const isCourse = offer.product.kind === "course";
  const [order] = await tx
    .insert(orders)
    .values({
      userId: parent.userId,
      customerEmail: parent.customerEmail,
      customerName: parent.customerName,
      kind: offer.product.kind,
      courseId: isCourse ? offer.product.id : null,
      bundleId: isCourse ? null : offer.product.id,
      itemTitle: offer.title,
      listPriceCents: offer.priceCents,
      discountCents: 0,
      taxCents,
      amountCents: offer.priceCents + taxCents,
      taxRateBasisPoints: basisPoints,
      buyerName: parent.buyerName,
      buyerAddress: parent.buyerAddress,
      buyerCountry: parent.buyerCountry,
      buyerTaxId: parent.buyerTaxId,
      currency: (await getSiteSettings({ database: tx })).currency,
      provider: parent.provider,
      upsellOfOrderId: parent.id,
    })
    .returning();
  await writeOrderLines({
    tx,
    orderId: order!.id,
    lines: [
      {
        kind: "upsell",
        courseId: isCourse ? offer.product.id : null,
        plan: null,
        bundleId: isCourse ? null : offer.product.id,
        bundleCourseIds: offer.bundleCourseIds,
        title: offer.title,
        listPriceCents: offer.priceCents,
        discountCents: 0,
        taxCents,
      },
    ],
  });
  return order!;
}

/** Charges the saved card and fulfils the order; a refusal sends the buyer to the provider's page for it. */
async function payUpsellOrder({ parent, upsellOrder }: { parent: Order; upsellOrder: Order }): Promise<UpsellAcceptance> {
  const provider = paymentsProviderFor(upsellOrder.provider);
  const fulfil = async (paymentId: string | null, ids: { session: string; event: string }) => {
    const { outcome } = await fulfilCheckout({
      event: { id: ids.event, provider: provider.name, type: "checkout.completed" },
      orderId: upsellOrder.id,
      checkoutSessionId: ids.session,
      paymentId,
    });
    // Bought the same thing another way meanwhile (another tab): the payment was given back.
    return outcome === "paid" || outcome === "already-paid"
      ? ({ status: "paid", upsellOrderId: upsellOrder.id, title: upsellOrder.itemTitle } as const)
      : ({ status: "gone" } as const);
  };
  // A free offer: nothing to charge, the same fulfilment.
  if (upsellOrder.amountCents === 0) return fulfil(null, { session: `upsell_cs_${upsellOrder.id}`, event: `upsell_evt_${upsellOrder.id}` });
  // Stripe Tax computes the tax on Stripe's page only: such an upsell is paid there.
  const stripeTax = provider.name === "stripe" && (await isTaxCollected());
  const charge = stripeTax
    ? ({ status: "declined", reason: "tax_on_checkout" } as const)
    : await chargeOrFail(
        () =>
          provider.chargeSavedCard({
            orderId: upsellOrder.id,
            paymentId: parent.paymentId,
            amountCents: upsellOrder.amountCents,
            currency: upsellOrder.currency,
            description: upsellOrder.itemTitle,
            idempotencyKey: `upsell-${parent.id}`,
          }),
        upsellOrder.id,
      );
  if (charge.status === "succeeded")
    return fulfil(charge.paymentId, {
      session: provider.name === "test" ? `test_cs_${upsellOrder.id}` : `upsell_cs_${upsellOrder.id}`,
      event: provider.name === "test" ? `test_evt_${upsellOrder.id}` : `upsell_${charge.paymentId}`,
    });
  logger.info({ orderId: upsellOrder.id, reason: charge.reason }, "the upsell's one-click charge was refused: a checkout instead");
  const started = await startUpsellCheckout({ upsellOrder, collectTax: stripeTax });
  if (started.completed)
    return fulfil(started.completed.paymentId, { session: started.checkoutSessionId, event: started.completed.eventId });
  return { status: "redirect", upsellOrderId: upsellOrder.id };
}

/**
 * The provider's checkout for the upsell's order (after a refused one-click charge). Made again for
 * the same order it is the same session: the provider's idempotency key is the order's.
 */
async function startUpsellCheckout({ upsellOrder, collectTax }: { upsellOrder: Order; collectTax: boolean }) {
  const provider = paymentsProviderFor(upsellOrder.provider);
  const [buyer] = await db().select({ stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, upsellOrder.userId!));
  const started = await chargeOrFail(
    () =>
      provider.createCheckoutSession({
        orderId: upsellOrder.id,
        userId: upsellOrder.userId,
        email: upsellOrder.customerEmail,
        stripeCustomerId: buyer?.stripeCustomerId ?? null,
        kind: upsellOrder.kind === "bundle" ? "bundle" : "course",
        plan: null,
        itemTitle: upsellOrder.itemTitle,
        amountCents: upsellOrder.listPriceCents,
        currency: upsellOrder.currency,
        collectTax,
        origin: getConfig().publicUrl,
      }),
    upsellOrder.id,
  );
  await db().update(orders).set({ checkoutSessionId: started.checkoutSessionId }).where(eq(orders.id, upsellOrder.id));
  return started;
}

/**
 * The upsell whose one-click charge was refused and waits to be paid on the provider's page: the
 * offer page says so and offers that page. Null when there is none.
 */
export async function findUpsellAwaitingCheckout({ userId, orderId }: { userId: string; orderId: string }) {
  if (!isUuid(orderId)) return null;
  const [parent] = await db()
    .select({ id: orders.id, courseId: orders.courseId })
    .from(orders)
    .where(and(offerableOrder(orderId, userId), eq(orders.upsellAnswer, "accepted")));
  if (!parent) return null;
  const [upsellOrder] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.upsellOfOrderId, parent.id), eq(orders.status, "pending"), sql`${orders.checkoutSessionId} is not null`));
  if (!upsellOrder) return null;
  return { upsellOrder, content: await contentLink(parent.courseId) };
}

/** Where the buyer finds what the paid order opened: the course's page, or their courses (a bundle's). */
async function contentLink(courseId: string | null) {
  const [bought] = courseId ? await db().select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId)) : [];
  return bought
    ? { to: `/courses/${encodeURIComponent(bought.slug)}`, label: "Go to your course" }
    : { to: "/account", label: "Go to your courses" };
}

/** The provider's page for an upsell awaiting it (the same session as before), or null. */
export async function continueUpsellCheckout({ userId, orderId }: { userId: string; orderId: string }) {
  const awaiting = await findUpsellAwaitingCheckout({ userId, orderId });
  if (!awaiting) return null;
  const started = await startUpsellCheckout({
    upsellOrder: awaiting.upsellOrder,
    collectTax: awaiting.upsellOrder.provider === "stripe" && (await isTaxCollected()),
  });
  return started.redirectUrl ?? null;
}

/** A provider that could not be reached leaves the upsell's order failed (nothing was charged), then the error goes on. */
async function chargeOrFail<T>(call: () => Promise<T>, orderId: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    await db().update(orders).set({ status: "failed" }).where(eq(orders.id, orderId));
    throw error;
  }
}

/** The upsell an order's confirmation names: its linked order, whatever its state. */
export async function findLinkedUpsell({ orderId }: { orderId: string }) {
  const [linked] = await db()
    .select({
      id: orders.id,
      itemTitle: orders.itemTitle,
      amountCents: orders.amountCents,
      status: orders.status,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.upsellOfOrderId, orderId));
  return linked ?? null;
}
