import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { pdfText } from "../../../tests/support/pdf-text";
import { callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { invoiceCounters, invoices, siteSettings } from "~/server/db/schema";
import * as invoiceRoute from "~/routes/resources/invoice-pdf";
import * as exportRoute from "~/routes/resources/invoices-export-csv";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { refundOrder } from "./billing.server";
import { startCheckout } from "./checkout.server";
import { InvoiceAlreadyIssuedError, issueInvoice } from "./invoices.server";

/** Invoices and credit notes (docs/decisions/047): numbered in the paying transaction, one sequence, a PDF of real text. */

const database = useTestDatabase();

const invoicesOf = (orderId: string) =>
  database().db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence));
const lastNumber = async () => (await database().db.select().from(invoiceCounters))[0]?.lastNumber ?? 0;

async function paidOrder({ priceCents = 12900 } = {}) {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
  expect(started.status).toBe("paid");
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, order: order! };
}

describe("invoices", () => {
  it("numbers each paid order's invoice and each refund's credit note from one sequence, with the order's amounts", async () => {
    await database()
      .db.update(siteSettings)
      .set({
        sellerLegalName: "Launchpad Academy Ltd",
        sellerAddress: "1 Market Street\nDublin D01 X2Y3\nIreland",
        sellerTaxNumber: "IE1234567T",
      })
      .where(eq(siteSettings.id, true));
    const first = await paidOrder({ priceCents: 12900 });
    const second = await paidOrder({ priceCents: 4500 });
    const [invoiceOne] = await invoicesOf(first.order.id);
    const [invoiceTwo] = await invoicesOf(second.order.id);
    expect(invoiceOne).toMatchObject({
      kind: "invoice",
      totalCents: 12900,
      currency: first.order.currency,
      buyerEmail: first.buyer.email,
      sellerLegalName: "Launchpad Academy Ltd",
      sellerTaxNumber: "IE1234567T",
    });
    expect(invoiceOne!.number).toBe(`INV-${new Date().getUTCFullYear()}-${String(invoiceOne!.sequence).padStart(6, "0")}`);
    expect(invoiceTwo!.sequence).toBe(invoiceOne!.sequence + 1);

    await refundOrder({ orderId: first.order.id, actorId: null });
    const [, creditNote] = await invoicesOf(first.order.id);
    expect(creditNote).toMatchObject({ kind: "credit_note", totalCents: 12900, sequence: invoiceTwo!.sequence + 1 });

    // The receipt links the invoice.
    const receipt = (await mailsTo(first.buyer.email)).find((mail) => mail.includes("Thank you for your purchase"));
    expect(receipt).toContain(`Your invoice ${invoiceOne!.number} (PDF)`);
    expect(receipt).toContain(`/invoices/${invoiceOne!.id}/pdf`);
  });

  it("refuses a second invoice for one order without taking a number", async () => {
    const { order } = await paidOrder();
    const before = await lastNumber();
    await expect(database().db.transaction((tx) => issueInvoice({ tx, order, kind: "invoice" }))).rejects.toBeInstanceOf(
      InvoiceAlreadyIssuedError,
    );
    expect(await lastNumber()).toBe(before);
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });

  it("gives a rolled-back payment's number back: the next invoice takes it, so none is skipped", async () => {
    const before = await lastNumber();
    const { order } = await paidOrder();
    await database().db.delete(invoices).where(eq(invoices.orderId, order.id));
    await database().db.update(invoiceCounters).set({ lastNumber: before });
    await expect(
      database().db.transaction(async (tx) => {
        await issueInvoice({ tx, order, kind: "invoice" });
        throw new Error("the payment failed after the number was taken");
      }),
    ).rejects.toThrow("the payment failed");
    expect(await lastNumber()).toBe(before);
    const next = await paidOrder();
    expect((await invoicesOf(next.order.id))[0]!.sequence).toBe(before + 1);
  });

  it("hands the PDF, as real text, to the buyer and to an admin only", async () => {
    const { buyer, course, order } = await paidOrder({ priceCents: 19700 });
    const [invoice] = await invoicesOf(order.id);
    const path = `/invoices/${invoice!.id}/pdf`;
    const params = { id: invoice!.id };
    const response = (await callLoader(invoiceRoute, {
      path,
      params,
      user: sessionUser({ id: buyer.id, email: buyer.email }),
    })) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const part of [`Invoice ${invoice!.number}`, buyer.email, course.title, "Total", "$197.00", "Currency: USD"])
      expect(text).toContain(part);

    const admin = (await callLoader(invoiceRoute, { path, params, user: sessionUser({ role: "admin" }) })) as Response;
    expect(admin.status).toBe(200);
    const stranger = await thrownResponse(callLoader(invoiceRoute, { path, params, user: sessionUser() }));
    expect(stranger.status).toBe(404);
    const visitor = await thrownResponse(callLoader(invoiceRoute, { path, params }));
    expect(visitor.location).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  it("exports the period's invoices and credit notes as CSV for admins, credit notes negative", async () => {
    const { order } = await paidOrder({ priceCents: 8800 });
    await refundOrder({ orderId: order.id, actorId: null });
    const [invoice, creditNote] = await invoicesOf(order.id);
    const today = new Date().toISOString().slice(0, 10);
    const path = `/admin/orders/invoices.csv?from=${today}&to=${today}`;
    const response = (await callLoader(exportRoute, { path, user: sessionUser({ role: "admin" }) })) as Response;
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="invoices-${today}-to-${today}.csv"`);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Number,Type,Issued (UTC),Order,Buyer,Buyer email,Buyer address,Buyer tax ID,Item,List price,Discount,Coupon,Tax,Total,Currency,Seller,Seller tax number",
    );
    expect(lines.find((line) => line.startsWith(`${invoice!.number},Invoice,`))).toContain(",88,USD,");
    expect(lines.find((line) => line.startsWith(`${creditNote!.number},Credit note,`))).toContain(",-88,USD,");

    // Yesterday's period holds neither; a period that ends before it starts is refused with the reason.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const earlier = (await callLoader(exportRoute, {
      path: `/admin/orders/invoices.csv?from=${yesterday}&to=${yesterday}`,
      user: sessionUser({ role: "admin" }),
    })) as Response;
    expect(await earlier.text()).not.toContain(invoice!.number);
    const backwards = (await callLoader(exportRoute, {
      path: `/admin/orders/invoices.csv?from=${today}&to=${yesterday}`,
      user: sessionUser({ role: "admin" }),
    })) as Response;
    expect([backwards.status, backwards.headers.get("Location")]).toEqual([302, "/admin/orders"]);
    expect(await toastAfter(backwards)).toMatchObject({ kind: "error", message: ORDER_MESSAGES.invoicePeriodBackwards });

    const learner = await thrownResponse(callLoader(exportRoute, { path, user: sessionUser() }));
    expect(learner.status).toBe(403);
  });
});
