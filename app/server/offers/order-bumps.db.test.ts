import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { pdfText } from "../../../tests/support/pdf-text";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { updateAffiliateProgram } from "~/server/affiliates/affiliate-settings.server";
import { joinAffiliateProgram, setAffiliateStatus } from "~/server/affiliates/affiliates.server";
import { affiliateCommissions, courseBumps, courses, enrollments, invoices, mailLog, orderLines, orders } from "~/server/db/schema";
import { renderInvoicePdf } from "~/server/payments/invoice-pdf.server";
import { getAccountBilling } from "~/server/payments/billing.server";
import { refundOrder } from "~/server/payments/billing.server";
import { getCheckoutOffer, startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { setTaxCollection, setTaxRate } from "~/server/tax/tax-rates.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { BumpRefusedError, removeCourseBump, saveBump, saveCourseBump } from "./course-bumps.server";

/** Order bumps and refunding one line of an order (docs/decisions/067), in test mode. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function accessOf(userId: string, courseId: string) {
  const [row] = await database()
    .db.select({ status: enrollments.status, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row?.status ?? "none";
}

/** A course for sale at $100 whose checkout offers another ($80) at $30. */
async function courseWithBump() {
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseBump({ courseId: course.id, offerCourseId: offered.id, priceCents: 3000, pitch: "Add the workbook" });
  return { course, offered };
}

async function buyWithBump({ referral = null }: { referral?: { affiliateId: string; clickedAt: Date } | null } = {}) {
  const buyer = await createBuyer();
  const { course, offered } = await courseWithBump();
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, withBump: true, referral });
  expect(started.status).toBe("paid");
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, offered, order: order!, lines: await linesOf(order!.id) };
}

describe("an order bump's settings", () => {
  it("refuses a draft, a missing or the same course and a negative price, storing nothing", async () => {
    const course = await createCourseForSale();
    const draft = await createCourseForSale({ status: "draft" });
    const published = await createCourseForSale();
    const refusals = [
      { offerCourseId: draft.id, priceCents: 100, field: "bumpOffer", reason: /draft or was deleted/ },
      { offerCourseId: "00000000-0000-4000-8000-000000000000", priceCents: 100, field: "bumpOffer", reason: /draft or was deleted/ },
      { offerCourseId: course.id, priceCents: 100, field: "bumpOffer", reason: /another course/ },
      { offerCourseId: published.id, priceCents: -1, field: "bumpPrice", reason: /cannot be negative/ },
    ];
    for (const { offerCourseId, priceCents, field, reason } of refusals) {
      const refused = await saveCourseBump({ courseId: course.id, offerCourseId, priceCents, pitch: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BumpRefusedError);
      expect(refused).toMatchObject({ field, message: expect.stringMatching(reason) });
    }
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toEqual([]);
  });

  it("keeps one bump per course: saving again replaces it, removing deletes it", async () => {
    const { course } = await courseWithBump();
    const other = await createCourseForSale();
    await saveCourseBump({ courseId: course.id, offerCourseId: other.id, priceCents: 500, pitch: "Cheaper" });
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toMatchObject([
      { offerCourseId: other.id, priceCents: 500, pitch: "Cheaper" },
    ]);
    expect(await removeCourseBump({ courseId: course.id })).toBe(true);
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toEqual([]);
  });
});

describe("the checkout's order bump", () => {
  it("offers the bump unticked, and ticked adds its special price to the total", async () => {
    const buyer = await createBuyer();
    const { course, offered } = await courseWithBump();
    const plain = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } });
    expect(plain).toMatchObject({
      amountCents: 10000,
      bump: {
        courseId: offered.id,
        title: offered.title,
        pitch: "Add the workbook",
        usualPriceCents: 8000,
        priceCents: 3000,
        chosen: false,
      },
    });
    const ticked = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, withBump: true });
    expect(ticked).toMatchObject({ amountCents: 13000, bump: { chosen: true } });
  });

  it("does not offer a bump the buyer holds, or a course no longer published", async () => {
    const buyer = await createBuyer();
    const { course, offered } = await courseWithBump();
    await grantCourseAccess({ userId: buyer.id, courseId: offered.id, actorId: null, source: "admin" });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, withBump: true })).bump).toBeNull();

    const other = await createBuyer();
    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.id, offered.id));
    const offer = await getCheckoutOffer({ userId: other.id, item: { courseId: course.id }, withBump: true });
    expect(offer).toMatchObject({ bump: null, amountCents: 10000 });
  });

  it("sells the course alone when the box is not ticked, recording that a bump was offered", async () => {
    const buyer = await createBuyer();
    const { course, offered } = await courseWithBump();
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 10000, bumpOffered: true });
    expect(await linesOf(order!.id)).toHaveLength(1);
    expect(await accessOf(buyer.id, offered.id)).toBe("none");
  });

  it("sells both in one order of two lines, the bump at the price stored when paying, and opens both courses", async () => {
    const { buyer, course, offered, order, lines } = await buyWithBump();
    expect(order).toMatchObject({ status: "paid", listPriceCents: 13000, amountCents: 13000, courseId: course.id, bumpOffered: true });
    expect(lines).toMatchObject([
      { position: 0, kind: "course", courseId: course.id, amountCents: 10000 },
      { position: 1, kind: "bump", courseId: offered.id, title: offered.title, listPriceCents: 3000, discountCents: 0, amountCents: 3000 },
    ]);
    expect(await accessOf(buyer.id, course.id)).toBe("active");
    expect(await accessOf(buyer.id, offered.id)).toBe("active");
  });

  it("taxes each line on its own in test mode, the page's total being the order's", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    await setTaxRate({ country: "FR", rateBasisPoints: 2000 });
    try {
      const buyer = await createBuyer();
      const { course } = await courseWithBump();
      const shown = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, withBump: true, country: "FR" });
      expect(shown).toMatchObject({ amountCents: 15600, taxCents: 2600 });
      await startCheckout({
        userId: buyer.id,
        item: { courseId: course.id },
        withBump: true,
        billing: { country: "FR", name: "", address: "", taxId: "" },
      });
      const [order] = await ordersOf(buyer.id);
      expect(order).toMatchObject({ amountCents: 15600, taxCents: 2600 });
      expect(await linesOf(order!.id)).toMatchObject([
        { taxCents: 2000, amountCents: 12000 },
        { taxCents: 600, amountCents: 3600 },
      ]);
    } finally {
      await setTaxCollection({ enabled: false, actorId: null });
    }
  });
});

describe("refunding one line", () => {
  it("refunds the bump alone: its access goes, the course stays, the order stays paid", async () => {
    const { buyer, course, offered, order, lines } = await buyWithBump();
    expect(await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null })).toMatchObject({
      refunded: true,
      title: offered.title,
    });
    const [after] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "paid", refundedAt: null });
    const [first, bump] = await linesOf(order.id);
    expect(first!.refundedAt).toBeNull();
    expect(bump!.refundedAt).toBeInstanceOf(Date);
    expect(await accessOf(buyer.id, course.id)).toBe("active");
    expect(await accessOf(buyer.id, offered.id)).toBe("revoked");

    // Twice is refused; the last line left is the rest of the order: the whole refund.
    await expect(refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null })).rejects.toMatchObject({
      reason: "already-refunded",
    });
    await refundOrderLine({ orderId: order.id, lineId: lines[0]!.id, actorId: null });
    const [refunded] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded!.status).toBe("refunded");
    const after2 = await linesOf(order.id);
    expect(after2[1]!.refundedAt).toEqual(bump!.refundedAt);
    expect(after2[0]!.refundedAt).toEqual(refunded!.refundedAt);
    expect(await accessOf(buyer.id, course.id)).toBe("revoked");
  });

  it("gives each refund its own credit note and e-mail: the line's amount, then only what was left", async () => {
    const { buyer, course, offered, order, lines } = await buyWithBump();
    const creditNotes = () =>
      database()
        .db.select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "credit_note")))
        .orderBy(asc(invoices.sequence));
    const refundMails = () =>
      database()
        .db.select()
        .from(mailLog)
        .where(and(eq(mailLog.to, buyer.email), eq(mailLog.kind, "refund")))
        .orderBy(asc(mailLog.createdAt));

    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    const [lineNote] = await creditNotes();
    expect(lineNote).toMatchObject({ orderLineId: lines[1]!.id, itemTitle: offered.title, listPriceCents: 3000, totalCents: 3000 });
    expect(lines[1]!.amountCents).toBe(lineNote!.totalCents);
    const pdf = await pdfText(new Uint8Array(await renderInvoicePdf(lineNote!)));
    expect(pdf).toContain(`Credit note ${lineNote!.number}`);
    expect(pdf).toContain("-$30.00");
    expect(pdf).toContain("gives back one line");
    const [lineMail] = await refundMails();
    expect(lineMail!.subject).toBe(`${offered.title} was refunded from your order`);
    expect(lineMail!.text).toContain(`We refunded $30.00 for ${offered.title}, one line of your order.`);
    expect(lineMail!.text).toContain(`Your credit note ${lineNote!.number} (PDF)`);

    // The rest of the order: its credit note and its e-mail say what was left, not the whole payment.
    await refundOrder({ orderId: order.id, actorId: null });
    const [, restNote] = await creditNotes();
    expect(restNote).toMatchObject({ orderLineId: null, itemTitle: course.title, listPriceCents: 10000, totalCents: 10000 });
    expect(restNote!.sequence).toBeGreaterThan(lineNote!.sequence);
    expect(lineNote!.totalCents + restNote!.totalCents).toBe(order.amountCents);
    const mails = await refundMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`We refunded $100.00 for ${course.title}.`);
    expect(mails[1]!.text).toContain(`Your credit note ${restNote!.number} (PDF)`);

    // The account's order links the invoice and both credit notes.
    const { orders: accountOrders } = await getAccountBilling({ userId: buyer.id });
    expect(accountOrders.find((row) => row.id === order.id)!.documents.map((document) => [document.kind, document.number])).toEqual([
      ["invoice", expect.any(String)],
      ["credit_note", lineNote!.number],
      ["credit_note", restNote!.number],
    ]);
  });

  it("keeps the bump's course when the learner holds it another way (another paid order of it)", async () => {
    const { buyer, offered, order, lines } = await buyWithBump();
    // Bought on its own later? It is refused as owned; an admin's grant is the other way in.
    await database()
      .db.update(enrollments)
      .set({ source: "admin" })
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, offered.id)));
    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    expect(await accessOf(buyer.id, offered.id)).toBe("active");
  });

  it("takes both courses back when the whole order is refunded", async () => {
    const { buyer, course, offered, order } = await buyWithBump();
    await refundOrder({ orderId: order.id, actorId: null });
    expect(await accessOf(buyer.id, course.id)).toBe("revoked");
    expect(await accessOf(buyer.id, offered.id)).toBe("revoked");
    expect((await linesOf(order.id)).every((line) => line.refundedAt !== null)).toBe(true);
  });

  it("takes back the affiliate's commission on the line's share only", async () => {
    const owner = await createBuyer();
    await updateAffiliateProgram({
      input: {
        enabled: true,
        joinPolicy: "approval",
        commissionType: "percent",
        commissionPercent: 20,
        commissionFixedCents: 0,
        cookieDays: 30,
        holdDays: 30,
        recurringCommissions: false,
      },
      actorId: owner.id,
    });
    const person = await createBuyer();
    const affiliate = await joinAffiliateProgram({ userId: person.id, code: unique("ann").replace(/_/g, "-").slice(0, 40) });
    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "approve", actorId: owner.id });

    const { order, lines } = await buyWithBump({ referral: { affiliateId: affiliate.id, clickedAt: new Date() } });
    const commissions = async () =>
      (await database().db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, order.id))).sort(
        (a, b) => a.kind.localeCompare(b.kind) || a.baseCents - b.baseCents,
      );
    // One commission per line (docs/decisions/063): 20% of each line's amount before tax.
    expect(await commissions()).toMatchObject([
      { kind: "sale", orderLineId: lines[1]!.id, baseCents: 3000, amountCents: 600, state: "pending" },
      { kind: "sale", orderLineId: lines[0]!.id, baseCents: 10000, amountCents: 2000, state: "pending" },
    ]);

    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    expect(await commissions()).toMatchObject([
      { kind: "sale", orderLineId: lines[1]!.id, state: "reversed" },
      { kind: "sale", orderLineId: lines[0]!.id, amountCents: 2000, state: "pending", reversedAt: null },
    ]);

    // Paid out, then the rest refunded: the course line's commission comes back, the bump's not twice.
    await database().db.update(affiliateCommissions).set({ state: "paid" }).where(eq(affiliateCommissions.orderLineId, lines[0]!.id));
    await refundOrder({ orderId: order.id, actorId: null });
    const rows = await commissions();
    expect(rows.filter((row) => row.kind === "reversal")).toMatchObject([{ baseCents: -10000, amountCents: -2000 }]);
  });
});

describe("a bundle's order bump (docs/decisions/071)", () => {
  /** A $150 bundle of two courses whose checkout offers a third ($80) at $25. */
  async function bundleWithBump() {
    const first = await createCourseForSale({ priceCents: 10000 });
    const second = await createCourseForSale({ priceCents: 9000 });
    const offered = await createCourseForSale({ priceCents: 8000 });
    const bundle = await createBundle({
      input: {
        title: "Two in one",
        slug: unique("bundle").toLowerCase(),
        description: "",
        coverUrl: null,
        priceCents: 15000,
        status: "published",
        courseIds: [first.id, second.id],
      },
    });
    await saveBump({ owner: { bundleId: bundle.id }, offerCourseId: offered.id, priceCents: 2500, pitch: "The workbook too" });
    return { bundle, first, second, offered };
  }

  it("refuses a draft course, one the bundle holds and a negative price, storing nothing, and keeps one bump per bundle", async () => {
    const { bundle, first, offered } = await bundleWithBump();
    const draft = await createCourseForSale({ status: "draft" });
    const refusals = [
      { offerCourseId: draft.id, priceCents: 100, field: "bumpOffer", reason: /draft or was deleted/ },
      { offerCourseId: first.id, priceCents: 100, field: "bumpOffer", reason: /in the bundle already/ },
      { offerCourseId: offered.id, priceCents: -1, field: "bumpPrice", reason: /cannot be negative/ },
    ];
    for (const { offerCourseId, priceCents, field, reason } of refusals) {
      const refused = await saveBump({ owner: { bundleId: bundle.id }, offerCourseId, priceCents, pitch: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BumpRefusedError);
      expect(refused).toMatchObject({ field, message: expect.stringMatching(reason) });
    }
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.bundleId, bundle.id))).toMatchObject([
      { courseId: null, offerCourseId: offered.id, priceCents: 2500, pitch: "The workbook too" },
    ]);
  });

  it("is offered at the bundle's checkout; ticked, one order of two lines opens the bundle's courses and the bump's; the bump refunds alone", async () => {
    const { bundle, first, second, offered } = await bundleWithBump();
    const buyer = await createBuyer();
    const unticked = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id } });
    expect(unticked).toMatchObject({ amountCents: 15000, bump: { courseId: offered.id, priceCents: 2500, usualPriceCents: 8000, chosen: false } });
    const ticked = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id }, withBump: true });
    expect(ticked.amountCents).toBe(17500);

    expect((await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id }, withBump: true })).status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", kind: "bundle", amountCents: 17500, bumpOffered: true });
    const lines = await linesOf(order!.id);
    expect(lines).toMatchObject([
      { kind: "bundle", bundleId: bundle.id, amountCents: 15000 },
      { kind: "bump", courseId: offered.id, amountCents: 2500 },
    ]);
    for (const course of [first, second, offered]) expect(await accessOf(buyer.id, course.id)).toBe("active");

    await refundOrderLine({ orderId: order!.id, lineId: lines[1]!.id, actorId: null });
    expect(await accessOf(buyer.id, offered.id)).toBe("revoked");
    expect(await accessOf(buyer.id, first.id)).toBe("active");
    expect(await accessOf(buyer.id, second.id)).toBe("active");
    const [note] = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order!.id), eq(invoices.orderLineId, lines[1]!.id)));
    expect(note!.totalCents).toBe(2500);

    // A buyer who holds every course of the bundle is stopped before paying: no box either.
    expect((await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id } })).bump).toBeNull();
  });
});
