import { beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import * as analyticsRoute from "~/routes/admin/analytics";
import * as exportCsv from "~/routes/resources/analytics-export-csv";
import { users } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** Admin → Analytics' revenue by product, read from the order lines (docs/decisions/061). */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const today = new Date().toISOString().slice(0, 10);
const todayRange = `range=custom&from=${today}&to=${today}`;

let membershipCents = 0;

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  membershipCents = (await getSiteSettings()).membershipMonthlyCents;
  // Two courses sold (one refunded since) and one monthly membership, all today, in test mode.
  for (const priceCents of [4900, 9900]) {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    if (priceCents === 9900) await refundOrder({ orderId: (await ordersOf(buyer.id))[0]!.id, actorId: null });
  }
  await startCheckout({ userId: (await createBuyer()).id, item: { plan: "monthly" } });
});

describe("revenue by product", () => {
  it("sums each kind's lines paid in the range and refunded in it, every kind listed, adding up to the revenue's totals", async () => {
    const { data } = await callLoader(analyticsRoute, { path: `/admin/analytics?${todayRange}`, user: admin });
    expect(data.kinds).toEqual([
      { kind: "course", sales: 2, grossCents: 14800, refundedCents: 9900, netCents: 4900 },
      { kind: "membership", sales: 1, grossCents: membershipCents, refundedCents: 0, netCents: membershipCents },
      { kind: "bundle", sales: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
      { kind: "bump", sales: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
      { kind: "upsell", sales: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
    ]);
    const sum = (pick: (row: (typeof data.kinds)[number]) => number) => data.kinds.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.grossCents)).toBe(data.totals.grossCents);
    expect(sum((row) => row.refundedCents)).toBe(data.totals.refundedCents);
  });

  it("lists every kind with nothing in a range without sales", async () => {
    const { data } = await callLoader(analyticsRoute, { path: "/admin/analytics?range=custom&from=2020-01-01&to=2020-01-31", user: admin });
    expect(data.kinds.map((row) => [row.kind, row.sales, row.netCents])).toEqual([
      ["course", 0, 0],
      ["membership", 0, 0],
      ["bundle", 0, 0],
      ["bump", 0, 0],
      ["upsell", 0, 0],
    ]);
  });

  it("downloads the same figures as CSV", async () => {
    const response = (await callLoader(exportCsv, {
      path: `/admin/analytics/export.csv?${todayRange}&report=kinds`,
      user: admin,
    })) as Response;
    const amount = (cents: number) => (cents / 100).toFixed(2);
    expect((await response.text()).split("\r\n").slice(0, 3)).toEqual([
      "Product,Sales,Gross,Refunded,Net",
      "Courses,2,148.00,99.00,49.00",
      `Memberships,1,${amount(membershipCents)},0.00,${amount(membershipCents)}`,
    ]);
  });
});
