import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, orders, subscriptions, users } from "~/server/db/schema";
import { getUserMembership, listAdminOrders, listUserOrders } from "./admin-orders.server";

const database = useTestDatabase();

// One tag per run, in every e-mail and title below, so each search sees only this file's orders.
const tag = unique("oq").replace(/-/g, "");
const day = (n: number) => new Date(Date.UTC(2025, 2, n, 12));

const buyers = {
  ann: { id: `ann-${tag}`, email: `ann.lee+${tag}@example.test` },
  bob: { id: `bob-${tag}`, email: `bob_${tag}@example.test` },
  // No underscore where Bob has one: a search for "bob_" must not find her through LIKE's "_".
  bobx: { id: `bobx-${tag}`, email: `bobx${tag}@example.test` },
};

let renamedCourseId = "";
let deletedCourseId = "";
/** Order ids by a short name, and the name of each id, to read results back. */
const ids: Record<string, string> = {};
const nameOf = new Map<string, string>();

type Seed = {
  name: string;
  buyer: keyof typeof buyers;
  title: string;
  status?: string;
  createdAt: Date;
  courseId?: string;
  amountCents?: number;
  currency?: string;
};

const seeds: Seed[] = [
  { name: "ann-sql", buyer: "ann", title: `SQL Basics ${tag}`, status: "paid", createdAt: day(1) },
  { name: "ann-sale", buyer: "ann", title: `100% Off Sale ${tag}`, status: "refunded", createdAt: day(2) },
  { name: "bob-plain", buyer: "bob", title: `100 Off Plain ${tag}`, status: "paid", createdAt: day(3) },
  { name: "bobx-pending", buyer: "bobx", title: `Membership (Monthly) ${tag}`, status: "pending", createdAt: day(4) },
  { name: "ann-euro", buyer: "ann", title: `Euro course ${tag}`, status: "paid", createdAt: day(5), amountCents: 1500, currency: "eur" },
];

async function found(args: Parameters<typeof listAdminOrders>[0]) {
  const result = await listAdminOrders({ pageSize: 100, ...args });
  return result.orders.map((order) => nameOf.get(order.id)).filter(Boolean);
}

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values(Object.values(buyers).map((buyer) => ({ ...buyer, name: buyer.id, emailVerified: true })));
  const [renamed, deleted] = await db
    .insert(courses)
    .values([
      { title: `Original title ${tag}`, slug: unique("renamed"), status: "published", priceCents: 4900 },
      { title: `Doomed course ${tag}`, slug: unique("doomed"), status: "published", priceCents: 2900 },
    ])
    .returning({ id: courses.id });
  renamedCourseId = renamed.id;
  deletedCourseId = deleted.id;
  seeds.push(
    {
      name: "renamed",
      buyer: "bob",
      title: `Original title ${tag}`,
      status: "paid",
      createdAt: day(6),
      courseId: renamedCourseId,
      amountCents: 4900,
    },
    {
      name: "deleted",
      buyer: "bob",
      title: `Doomed course ${tag}`,
      status: "paid",
      createdAt: day(7),
      courseId: deletedCourseId,
      amountCents: 2900,
    },
  );
  for (const seed of seeds) {
    const buyer = buyers[seed.buyer];
    const [order] = await db
      .insert(orders)
      .values({
        userId: buyer.id,
        customerEmail: buyer.email,
        kind: seed.title.startsWith("Membership") ? "membership" : "course",
        plan: seed.title.startsWith("Membership") ? "monthly" : null,
        courseId: seed.courseId ?? null,
        itemTitle: seed.title,
        amountCents: seed.amountCents ?? 9700,
        currency: seed.currency ?? "usd",
        status: seed.status ?? "paid",
        provider: "test",
        createdAt: seed.createdAt,
      })
      .returning({ id: orders.id });
    ids[seed.name] = order.id;
    nameOf.set(order.id, seed.name);
  }
});

describe("listAdminOrders", () => {
  it("lists every order newest first, with what the table shows", async () => {
    expect(await found({ query: tag })).toEqual(["deleted", "renamed", "ann-euro", "bobx-pending", "bob-plain", "ann-sale", "ann-sql"]);
    const {
      orders: [euro],
    } = await listAdminOrders({ query: `Euro course ${tag}` });
    expect(euro).toMatchObject({
      id: ids["ann-euro"],
      userId: buyers.ann.id,
      customerEmail: buyers.ann.email,
      itemTitle: `Euro course ${tag}`,
      amountCents: 1500,
      currency: "eur",
      status: "paid",
      provider: "test",
      createdAt: day(5),
    });
  });

  it("finds orders by part of the buyer's e-mail, in any case", async () => {
    expect(await found({ query: `ANN.LEE+${tag}` })).toEqual(["ann-euro", "ann-sale", "ann-sql"]);
    expect(await found({ query: `  bobx${tag}@example  ` })).toEqual(["bobx-pending"]);
  });

  it("finds orders by part of what was bought", async () => {
    expect(await found({ query: `sql basics ${tag}` })).toEqual(["ann-sql"]);
    expect(await found({ query: `membership (monthly) ${tag}` })).toEqual(["bobx-pending"]);
  });

  it("takes % and _ in the search literally", async () => {
    expect(await found({ query: `100% Off` })).toEqual(["ann-sale"]);
    expect(await found({ query: `bob_${tag}` })).toEqual(["deleted", "renamed", "bob-plain"]);
    // Unescaped, "%" would match anything and "_" any one character.
    expect(await found({ query: "%" })).toEqual(["ann-sale"]);
    expect(await found({ query: `bo_x${tag}` })).toEqual([]);
    expect(await found({ query: `\\${tag}` })).toEqual([]);
  });

  it("filters by status, alone or with a search", async () => {
    expect(await found({ query: tag, status: "paid" })).toEqual(["deleted", "renamed", "ann-euro", "bob-plain", "ann-sql"]);
    expect(await found({ query: tag, status: "refunded" })).toEqual(["ann-sale"]);
    expect(await found({ query: `ann.lee+${tag}`, status: "pending" })).toEqual([]);
    const everyPending = await listAdminOrders({ status: "pending" });
    expect(everyPending.orders.every((order) => order.status === "pending")).toBe(true);
    expect(everyPending.orders.map((order) => order.id)).toContain(ids["bobx-pending"]);
  });

  it("pages through the matches with a total, and shows the last page for a page past the end", async () => {
    const first = await listAdminOrders({ query: tag, page: 1, pageSize: 3 });
    expect({ total: first.total, page: first.page, pageCount: first.pageCount }).toEqual({ total: 7, page: 1, pageCount: 3 });
    expect(first.orders.map((order) => nameOf.get(order.id))).toEqual(["deleted", "renamed", "ann-euro"]);
    const second = await listAdminOrders({ query: tag, page: 2, pageSize: 3 });
    expect(second.orders.map((order) => nameOf.get(order.id))).toEqual(["bobx-pending", "bob-plain", "ann-sale"]);
    const beyond = await listAdminOrders({ query: tag, page: 99, pageSize: 3 });
    expect(beyond.page).toBe(3);
    expect(beyond.orders.map((order) => nameOf.get(order.id))).toEqual(["ann-sql"]);
    const none = await listAdminOrders({ query: `nothing-${tag}`, page: 4 });
    expect({ total: none.total, page: none.page, pageCount: none.pageCount, orders: none.orders }).toEqual({
      total: 0,
      page: 1,
      pageCount: 1,
      orders: [],
    });
  });

  it("keeps the title as sold after the course is renamed or deleted, and finds it by that title", async () => {
    await database()
      .db.update(courses)
      .set({ title: `Brand new name ${tag}` })
      .where(eq(courses.id, renamedCourseId));
    await database().db.delete(courses).where(eq(courses.id, deletedCourseId));
    expect(await found({ query: `Original title ${tag}` })).toEqual(["renamed"]);
    expect(await found({ query: `Brand new name ${tag}` })).toEqual([]);
    const {
      orders: [doomed],
    } = await listAdminOrders({ query: `Doomed course ${tag}` });
    expect(doomed).toMatchObject({ id: ids.deleted, itemTitle: `Doomed course ${tag}`, amountCents: 2900, status: "paid" });
  });
});

describe("listUserOrders", () => {
  it("lists one person's orders newest first, with how many there are", async () => {
    const { orders: annOrders, total } = await listUserOrders({ userId: buyers.ann.id });
    expect(total).toBe(3);
    expect(annOrders.map((order) => nameOf.get(order.id))).toEqual(["ann-euro", "ann-sale", "ann-sql"]);
    const latest = await listUserOrders({ userId: buyers.ann.id, limit: 1 });
    expect({ total: latest.total, names: latest.orders.map((order) => nameOf.get(order.id)) }).toEqual({ total: 3, names: ["ann-euro"] });
    expect(await listUserOrders({ userId: `nobody-${tag}` })).toEqual({ orders: [], total: 0 });
  });
});

describe("a deleted account", () => {
  it("keeps its orders in the list with the e-mail they were bought with, and no link to a user", async () => {
    const gone = { id: `gone-${tag}`, email: `gone+${tag}@example.test` };
    await database()
      .db.insert(users)
      .values({ ...gone, name: "Gone", emailVerified: true });
    const [order] = await database()
      .db.insert(orders)
      .values({
        userId: gone.id,
        customerEmail: gone.email,
        kind: "course",
        itemTitle: `Left behind ${tag}`,
        amountCents: 1000,
        status: "paid",
        provider: "test",
      })
      .returning({ id: orders.id });
    await database().db.delete(users).where(eq(users.id, gone.id));
    const { orders: listed } = await listAdminOrders({ query: gone.email });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: order.id,
      userId: null,
      customerEmail: gone.email,
      itemTitle: `Left behind ${tag}`,
      status: "paid",
    });
    expect((await listUserOrders({ userId: gone.id })).total).toBe(0);
  });
});

describe("getUserMembership", () => {
  const now = new Date(Date.UTC(2026, 5, 15));
  const later = new Date(Date.UTC(2026, 6, 15));
  const earlier = new Date(Date.UTC(2026, 4, 15));

  async function member(name: string) {
    const id = `${name}-${tag}`;
    await database()
      .db.insert(users)
      .values({ id, email: `${id}@example.test`, name, emailVerified: true });
    return id;
  }

  function subscribe(userId: string, fields: Partial<typeof subscriptions.$inferInsert>) {
    return database()
      .db.insert(subscriptions)
      .values({ userId, plan: "monthly", provider: "test", currentPeriodEnd: later, ...fields })
      .returning({ id: subscriptions.id });
  }

  it("is null for someone who never subscribed", async () => {
    expect(await getUserMembership({ userId: await member("never"), at: now })).toBeNull();
  });

  it("shows a live membership that opens every course, renewing or ending at the period's end", async () => {
    const userId = await member("renewing");
    const [sub] = await subscribe(userId, { plan: "yearly", status: "active" });
    expect(await getUserMembership({ userId, at: now })).toMatchObject({
      id: sub.id,
      plan: "yearly",
      status: "active",
      currentPeriodEnd: later,
      cancelAtPeriodEnd: false,
      opensCourses: true,
    });
    await database().db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
    expect(await getUserMembership({ userId, at: now })).toMatchObject({ cancelAtPeriodEnd: true, opensCourses: true });
    // The same membership, read after its period ended: still shown, no longer opening courses.
    expect(await getUserMembership({ userId, at: new Date(later.getTime() + 1000) })).toMatchObject({ id: sub.id, opensCourses: false });
  });

  it("shows the latest subscription when none is live, and says it opens nothing", async () => {
    const userId = await member("lapsed");
    await subscribe(userId, { status: "canceled", currentPeriodEnd: earlier, createdAt: new Date(Date.UTC(2026, 0, 1)) });
    const [latest] = await subscribe(userId, {
      status: "incomplete_expired",
      currentPeriodEnd: earlier,
      createdAt: new Date(Date.UTC(2026, 3, 1)),
    });
    expect(await getUserMembership({ userId, at: now })).toMatchObject({
      id: latest.id,
      status: "incomplete_expired",
      opensCourses: false,
    });
  });

  it("prefers the membership that opens courses over a newer one that failed", async () => {
    const userId = await member("retried");
    const [live] = await subscribe(userId, { status: "past_due", createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await subscribe(userId, { status: "incomplete_expired", currentPeriodEnd: later, createdAt: new Date(Date.UTC(2026, 3, 1)) });
    expect(await getUserMembership({ userId, at: now })).toMatchObject({ id: live.id, status: "past_due", opensCourses: true });
  });

  it("says an unpaid membership opens nothing, even inside its period", async () => {
    const userId = await member("unpaid");
    await subscribe(userId, { status: "unpaid" });
    expect(await getUserMembership({ userId, at: now })).toMatchObject({ status: "unpaid", opensCourses: false });
  });
});
