import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { orders, subscriptions, users } from "~/server/db/schema";
import * as ordersList from "./orders";
import * as userDetails from "./user-details";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const database = useTestDatabase();

const admin = sessionUser({ role: "admin", name: "Ada Admin" });
const learner = sessionUser({ role: "user", name: "Lee Learner" });
const tag = unique("or").replace(/-/g, "");
const buyer = { id: `buyer-${tag}`, email: `buyer+${tag}@example.test` };
const goneEmail = `gone+${tag}@example.test`;

beforeAll(async () => {
  const db = database().db;
  for (const person of [admin, learner])
    await db.insert(users).values({ id: person.id, email: person.email, name: person.name, role: person.role, emailVerified: true });
  await db.insert(users).values([
    { ...buyer, name: "Bea Buyer", emailVerified: true },
    { id: `gone-${tag}`, email: goneEmail, name: "Gone", emailVerified: true },
  ]);
  await db.insert(orders).values([
    {
      userId: buyer.id,
      customerEmail: buyer.email,
      kind: "course",
      itemTitle: `SQL Basics ${tag}`,
      amountCents: 19700,
      status: "paid",
      provider: "test",
      createdAt: new Date("2025-03-01T12:00:00Z"),
    },
    {
      userId: buyer.id,
      customerEmail: buyer.email,
      kind: "membership",
      plan: "yearly",
      itemTitle: `All-courses membership ${tag}`,
      amountCents: 97000,
      currency: "eur",
      status: "refunded",
      provider: "stripe",
      createdAt: new Date("2025-03-02T12:00:00Z"),
      refundedAt: new Date("2025-03-04T12:00:00Z"),
    },
    {
      userId: `gone-${tag}`,
      customerEmail: goneEmail,
      kind: "course",
      itemTitle: `Left behind ${tag}`,
      amountCents: 500,
      status: "pending",
      provider: "test",
    },
  ]);
  await db.delete(users).where(eq(users.id, `gone-${tag}`));
  await db.insert(subscriptions).values({
    userId: buyer.id,
    plan: "monthly",
    status: "active",
    provider: "test",
    currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000),
  });
});

/** Runs `check` while a table is renamed away, so reading it fails as a broken database would. */
async function withTableMissing(table: string, check: () => Promise<void>) {
  await database().db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    await check();
  } finally {
    await database().db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

describe("/admin/orders", () => {
  it("lists the orders matching the URL's search and status, as the table shows them", async () => {
    const data = await callLoader(ordersList, { path: `/admin/orders?q=${encodeURIComponent(buyer.email.toUpperCase())}`, user: admin });
    expect(data.filters).toEqual({ q: buyer.email.toUpperCase(), status: null, page: 1 });
    expect({ total: data.total, pageCount: data.pageCount, error: data.error }).toEqual({ total: 2, pageCount: 1, error: null });
    expect(data.rows).toEqual([
      {
        id: expect.any(String),
        at: "2025-03-02T12:00:00.000Z",
        date: expect.stringMatching(/^Mar \d, 2025$/),
        time: expect.stringMatching(/^\d\d:\d\d$/),
        customerEmail: buyer.email,
        userId: buyer.id,
        itemTitle: `All-courses membership ${tag}`,
        amount: "€970.00",
        discount: null,
        status: "refunded",
        refunded: expect.stringMatching(/^on Mar \d, 2025$/),
        provider: "Stripe",
        kind: "membership",
        refundable: false,
        refundAtStripe: false,
        testMode: false,
        tax: null,
        // Made here without a payment: no invoice or credit note was issued for it.
        documents: [],
        // One thing sold (no order bump): no lines to refund one by one.
        lines: [],
      },
      expect.objectContaining({
        itemTitle: `SQL Basics ${tag}`,
        amount: "$197.00",
        status: "paid",
        refunded: null,
        provider: "Test mode",
        kind: "course",
        refundable: true,
      }),
    ]);

    const paid = await callLoader(ordersList, { path: `/admin/orders?q=${tag}&status=paid`, user: admin });
    expect(paid.rows.map((order) => order.itemTitle)).toEqual([`SQL Basics ${tag}`]);
  });

  it("lists the order of a deleted account with its e-mail and no user to link to", async () => {
    const data = await callLoader(ordersList, { path: `/admin/orders?q=${encodeURIComponent(goneEmail)}`, user: admin });
    expect(data.rows).toEqual([
      expect.objectContaining({ customerEmail: goneEmail, userId: null, itemTitle: `Left behind ${tag}`, amount: "$5.00" }),
    ]);
  });

  it("answers 'Failed to fetch orders' when the list cannot be read", async () => {
    expectErrorLogs(/admin order list failed/);
    await withTableMissing("orders", async () => {
      const data = await callLoader(ordersList, { path: "/admin/orders", user: admin });
      expect(data.error).toMatchObject({ kind: "error", message: "Failed to fetch orders" });
      expect(data.rows).toEqual([]);
    });
  });

  it("sends a visitor to /login and refuses a learner", async () => {
    expect(await thrownResponse(callLoader(ordersList, { path: "/admin/orders?q=x", user: null }))).toMatchObject({
      status: 302,
      location: `/login?next=${encodeURIComponent("/admin/orders?q=x")}`,
    });
    expect(await thrownResponse(callLoader(ordersList, { path: "/admin/orders", user: learner }))).toMatchObject({ status: 403 });
  });
});

describe("the orders and membership on /admin/users/:id", () => {
  const load = (id: string) => callLoader(userDetails, { path: `/admin/users/${id}`, params: { id }, user: admin });

  it("shows the person's orders newest first, a link to all of them, and their membership", async () => {
    const { payments } = await load(buyer.id);
    expect(payments?.orders.map((order) => [order.itemTitle, order.amount, order.status])).toEqual([
      [`All-courses membership ${tag}`, "€970.00", "refunded"],
      [`SQL Basics ${tag}`, "$197.00", "paid"],
    ]);
    expect(payments?.total).toBe(2);
    expect(payments?.allOrdersHref).toBe(`/admin/orders?q=${encodeURIComponent(buyer.email)}`);
    expect(payments?.membership).toEqual({
      plan: "Monthly",
      status: "Active",
      dateLabel: "Renews on",
      date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      dateTime: expect.any(String),
      opensCourses: true,
    });
  });

  it("says Ends on for a membership canceled at the period's end", async () => {
    await database().db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, buyer.id));
    const { payments } = await load(buyer.id);
    expect(payments?.membership).toMatchObject({ status: "Active", dateLabel: "Ends on", opensCourses: true });
  });

  it("shows no orders and no membership for someone who never bought", async () => {
    const { payments } = await load(learner.id);
    expect(payments).toEqual({ orders: [], total: 0, allOrdersHref: expect.any(String), membership: null, paymentPlans: [] });
  });

  it("shows the section as failed, and the rest of the page, when the orders cannot be read", async () => {
    expectErrorLogs(/user details section failed/);
    await withTableMissing("orders", async () => {
      const data = await load(buyer.id);
      expect(data.payments).toBeNull();
      expect(data.user.id).toBe(buyer.id);
    });
  });
});
