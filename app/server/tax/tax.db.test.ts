import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { pdfText } from "../../../tests/support/pdf-text";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { toOrderRow } from "~/components/admin/order-row";
import { taxIdProblem, taxOfLine } from "~/lib/tax";
import { loadAccountBilling } from "~/routes/account/account-billing.server";
import * as taxRoute from "~/routes/admin/tax";
import * as checkoutRoute from "~/routes/checkout/checkout";
import * as invoiceRoute from "~/routes/resources/invoice-pdf";
import * as exportRoute from "~/routes/resources/invoices-export-csv";
import { invoices, orders, taxRates } from "~/server/db/schema";
import { listAdminOrders } from "~/server/payments/admin-orders.server";
import { refundOrder } from "~/server/payments/billing.server";
import { InvalidTaxIdError, startCheckout } from "~/server/payments/checkout.server";
import { isTaxCollected, setTaxCollection, setTaxRate } from "./tax-rates.server";

/** Tax in test mode (docs/decisions/054): the owner's rate for the buyer's country, added to the price and recorded. */

const database = useTestDatabase();

const invoicesOf = (orderId: string) =>
  database().db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence));

const accountant = sessionUser({ role: "admin" });

function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit" ? { status: wrapped.init?.status ?? 200, data: wrapped.data } : { status: 200, data: result };
}

const BILLING = { country: "FR" as const, name: "Atelier Dupont SARL", address: "12 rue de la Paix\n75002 Paris", taxId: "FR12345678901" };

describe("tax in test mode", () => {
  it("rounds each line's tax half up in minor units, on the exact product", () => {
    expect(taxOfLine({ netCents: 19700, basisPoints: 2000 })).toBe(3940);
    expect(taxOfLine({ netCents: 1010, basisPoints: 500 })).toBe(51); // 50.5 → 51
    expect(taxOfLine({ netCents: 1009, basisPoints: 500 })).toBe(50); // 50.45 → 50
    expect(taxOfLine({ netCents: 1999, basisPoints: 825 })).toBe(165); // 164.9175 → 165
    expect(taxOfLine({ netCents: 10, basisPoints: 2500 })).toBe(3); // 2.5 → 3
    expect(taxOfLine({ netCents: 0, basisPoints: 2000 })).toBe(0);
  });

  it("adds no tax while collection is off, whatever rates are set", async () => {
    await setTaxRate({ country: "FR", rateBasisPoints: 2000 });
    await setTaxCollection({ enabled: false, actorId: null });
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 19700 });
    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, billing: BILLING });
    expect(started.status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ amountCents: 19700, taxCents: 0, taxRateBasisPoints: null });
    expect((await invoicesOf(order!.id))[0]).toMatchObject({ taxCents: 0, totalCents: 19700 });
  });

  it("charges the country's rate on the price after the discount and records it, the buyer and the amounts on the order, the invoice, the receipt and the lists; the refund's credit note reverses the tax", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    await setTaxRate({ country: "FR", rateBasisPoints: 2000 });
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 20000 });
    const coupon = await createTestCoupon({ percentOff: 25 });
    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code, billing: BILLING });
    expect(started).toMatchObject({ status: "paid", offer: { amountCents: 18000, taxCents: 3000 } });

    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      status: "paid",
      listPriceCents: 20000,
      discountCents: 5000,
      taxCents: 3000,
      taxRateBasisPoints: 2000,
      amountCents: 18000,
      buyerName: BILLING.name,
      buyerAddress: BILLING.address,
      buyerCountry: "FR",
      buyerTaxId: "FR12345678901",
    });
    const [invoice] = await invoicesOf(order!.id);
    expect(invoice).toMatchObject({
      listPriceCents: 20000,
      discountCents: 5000,
      taxCents: 3000,
      totalCents: 18000,
      buyerName: BILLING.name,
      buyerAddress: "12 rue de la Paix\n75002 Paris\nFrance",
      buyerTaxId: "FR12345678901",
    });

    // The PDF, read back as text: the buyer's address and tax ID, the tax and the total.
    const path = `/invoices/${invoice!.id}/pdf`;
    const response = (await callLoader(invoiceRoute, { path, params: { id: invoice!.id }, user: sessionUser({ id: buyer.id, email: buyer.email }) })) as Response;
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const part of [BILLING.name, "12 rue de la Paix", "75002 Paris", "France", "Tax ID: FR12345678901", "$200.00", "-$50.00", "$30.00", "$180.00", "Currency: USD"]) {
      expect(text).toContain(part);
    }

    // The receipt: the tax and the total with the currency.
    const receipt = (await mailsTo(buyer.email)).find((mail) => mail.includes("Thank you for your purchase"));
    expect(receipt).toContain("Tax (France, 20%): $30.00. Total: $180.00 USD.");

    // The account's Orders and Admin → Orders show the tax in the amount.
    const billing = await loadAccountBilling({ userId: buyer.id });
    expect(billing.orders[0]).toMatchObject({ amountCents: 18000, tax: "Includes $30.00 tax, USD" });
    const listed = await listAdminOrders({ query: buyer.email });
    expect(toOrderRow(listed.orders[0]!)).toMatchObject({ amount: "$180.00", tax: "Includes $30.00 tax, USD" });

    // A refund gives everything back: the credit note reverses the whole tax.
    await refundOrder({ orderId: order!.id, actorId: null });
    const [, creditNote] = await invoicesOf(order!.id);
    expect(creditNote).toMatchObject({ kind: "credit_note", taxCents: 3000, totalCents: 18000, buyerTaxId: "FR12345678901" });

    // The accountant's CSV: the buyer's address and tax ID, the tax; the credit note negative.
    const today = new Date().toISOString().slice(0, 10);
    const csv = await ((await callLoader(exportRoute, { path: `/admin/orders/invoices.csv?from=${today}&to=${today}`, user: accountant })) as Response).text();
    expect(csv.split("\r\n").find((line) => line.startsWith(`${invoice!.number},`))).toContain(
      `"12 rue de la Paix, 75002 Paris, France",FR12345678901,${course.title},200,50,${coupon.code},30,180,USD`,
    );
    expect(csv.split("\r\n").find((line) => line.startsWith(`${creditNote!.number},`))).toContain(",-30,-180,USD");
  });

  it("charges nothing for a country without a rate, and keeps the country", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 5000 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id }, billing: { country: "JP", name: "", address: "", taxId: "" } });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 5000, taxCents: 0, taxRateBasisPoints: null, buyerCountry: "JP", buyerName: null });
  });

  it("asks for the country before anything is written, and refuses a tax ID in the wrong format with the reason", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    await setTaxRate({ country: "DE", rateBasisPoints: 1900 });
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 5000 });
    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id } })).status).toBe("country-required");
    await expect(
      startCheckout({ userId: buyer.id, item: { courseId: course.id }, billing: { country: "DE", name: "", address: "", taxId: "DE12345" } }),
    ).rejects.toBeInstanceOf(InvalidTaxIdError);
    expect(await ordersOf(buyer.id)).toHaveLength(0);

    expect(taxIdProblem({ country: "DE", taxId: "FR12345678901" })).toBe("A VAT number from Germany starts with DE, like DE123456789");
    expect(taxIdProblem({ country: "DE", taxId: "DE12345" })).toBe("This is not the format of a VAT number from Germany: it looks like DE123456789");
    expect(taxIdProblem({ country: "DE", taxId: "de 123 456 789" })).toBeNull();
    expect(taxIdProblem({ country: "GR", taxId: "EL123456789" })).toBeNull();
    expect(taxIdProblem({ country: "NL", taxId: "NL123456789B01" })).toBeNull();
    expect(taxIdProblem({ country: "US", taxId: "12-3456789" })).toBeNull();
    expect(taxIdProblem({ country: "US", taxId: "12" })).toBe("A tax ID has 4 to 20 letters and digits");

    // Through the page: the step shows the tax for the country, Pay with a wrong ID is refused on its field and keeps what was typed.
    const user = sessionUser({ id: buyer.id, email: buyer.email });
    const shown = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&country=DE`, user }));
    expect(shown.data).toMatchObject({ offer: { taxCents: 950, amountCents: 5950, tax: { mode: "rates", country: "DE", basisPoints: 1900 } } });
    const refused = unwrap(
      await callAction(checkoutRoute, {
        path: `/checkout?courseId=${course.id}&country=DE`,
        user,
        form: { intent: "pay-course", courseId: course.id, country: "DE", buyerName: "Müller GmbH", buyerAddress: "", buyerTaxId: "DE12345" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { buyerTaxId: ["This is not the format of a VAT number from Germany: it looks like DE123456789"] },
      values: { buyerName: "Müller GmbH", buyerTaxId: "DE12345" },
    });
    const noCountry = unwrap(await callAction(checkoutRoute, { path: "/checkout", user, form: { intent: "pay-course", courseId: course.id } }));
    expect(noCountry).toMatchObject({ status: 400, data: { errors: { country: ["Choose your country from the list"] } } });
    expect(await ordersOf(buyer.id)).toHaveLength(0);

    const paid = (await callAction(checkoutRoute, {
      path: "/checkout",
      user,
      form: { intent: "pay-course", courseId: course.id, country: "DE", buyerName: "Müller GmbH", buyerAddress: "Hauptstraße 1\n10115 Berlin", buyerTaxId: "DE 123456789" },
    })) as Response;
    expect(paid.status).toBe(302);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", taxCents: 950, amountCents: 5950, buyerTaxId: "DE123456789", buyerCountry: "DE" });
  });
});

describe("Admin → Tax", () => {
  it("lets the owner turn collection on, set, change and remove a country's rate; refuses a bad rate with the reason; refuses anyone else", async () => {
    await setTaxCollection({ enabled: false, actorId: null });
    const account = await createBuyer();
    const owner = sessionUser({ id: account.id, email: account.email, role: "super_admin" });
    const on = unwrap(await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "set-collection", enabled: "on" } }));
    expect(on.status).toBe(200);
    expect(await isTaxCollected()).toBe(true);

    await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "set-rate", country: "it", ratePercent: "22" } });
    await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "set-rate", country: "IT", ratePercent: "8.25" } });
    const [italy] = await database().db.select().from(taxRates).where(eq(taxRates.country, "IT"));
    expect(italy?.rateBasisPoints).toBe(825);

    const bad = unwrap(await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "set-rate", country: "IT", ratePercent: "120" } }));
    expect(bad).toMatchObject({ status: 400, data: { errors: { ratePercent: ["Enter a rate between 0.01 and 100, like 20 or 8.25"] }, values: { ratePercent: "120" } } });
    const unknown = unwrap(await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "set-rate", country: "XX", ratePercent: "10" } }));
    expect(unknown).toMatchObject({ status: 400, data: { errors: { country: ["Choose your country from the list"] } } });

    const listed = unwrap(await callLoader(taxRoute, { path: "/admin/tax?q=ital", user: owner }));
    expect(listed.data).toMatchObject({ collected: true, rows: [{ country: "IT", countryName: "Italy", rate: "8.25%" }] });

    await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "delete", id: "IT" } });
    expect(await database().db.select().from(taxRates).where(eq(taxRates.country, "IT"))).toHaveLength(0);
    const again = unwrap(await callAction(taxRoute, { path: "/admin/tax", user: owner, form: { intent: "delete", id: "IT" } }));
    expect(again.status).toBe(404);

    for (const user of [sessionUser(), sessionUser({ role: "admin" })]) {
      const refused = await thrownResponse(callAction(taxRoute, { path: "/admin/tax", user, form: { intent: "set-rate", country: "FR", ratePercent: "1" } }));
      expect(refused.status).toBe(403);
    }
    expect(await database().db.select().from(orders).where(eq(orders.taxCents, -1))).toHaveLength(0);
  });
});
