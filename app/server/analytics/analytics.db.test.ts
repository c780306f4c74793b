import { beforeAll, describe, expect, it } from "vitest";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { parseAnalyticsRange } from "~/lib/analytics-range";
import * as analyticsRoute from "~/routes/admin/analytics";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as exportCsv from "~/routes/resources/analytics-export-csv";
import { courseModules, courses, lessonProgress, lessons, orders, subscriptions, users } from "~/server/db/schema";
import { listAdminOrders } from "~/server/payments/admin-orders.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { readAnalytics } from "./analytics-report.server";
import { readRevenueTotals } from "./analytics.server";

/**
 * Admin → Analytics against hand-computed figures (docs/decisions/029). The fixtures sit in
 * March 2025, far from "now", so the admin created by the harness counts in no range here.
 */

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
const at = (text: string) => new Date(`${text}Z`);
const march = (from: string, to: string, bucket = "") =>
  new URLSearchParams(`range=custom&from=2025-03-${from}&to=2025-03-${to}${bucket ? `&bucket=${bucket}` : ""}`);
const firstWeek = () => parseAnalyticsRange(march("01", "07"));

let courseX = "";
let courseY = "";
let buyer = "";
const learnerIds: string[] = [];

beforeAll(async () => {
  const { db } = database();
  await db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  const signups = ["2025-03-01T08:00:00", "2025-03-01T22:00:00", "2025-03-06T12:00:00", "2025-02-20T12:00:00"];
  for (const [index, createdAt] of signups.entries()) {
    const id = unique(`member-${index}`);
    await db.insert(users).values({ id, email: `${id}@example.test`, name: id, createdAt: at(createdAt) });
    if (index === 0) buyer = id;
    learnerIds.push(id);
  }
  [{ id: courseX }, { id: courseY }] = await db
    .insert(courses)
    .values([
      { title: "Course X", slug: unique("x"), status: "published" },
      { title: "=HYPERLINK(evil)", slug: unique("y"), status: "published" },
    ])
    .returning({ id: courses.id });
  const members = await db
    .insert(subscriptions)
    .values([
      // Started in the range, monthly, its order below: 29.00 a month.
      {
        userId: buyer,
        plan: "monthly",
        status: "active",
        provider: "test",
        currentPeriodEnd: at("2099-01-01T00:00:00"),
        createdAt: at("2025-03-04T09:00:00"),
      },
      // Yearly, made by hand (no order): the settings' yearly price, a twelfth a month.
      {
        userId: admin.id,
        plan: "yearly",
        status: "active",
        provider: "test",
        currentPeriodEnd: at("2099-01-01T00:00:00"),
        createdAt: at("2025-01-10T09:00:00"),
      },
      // Churned in the range.
      {
        userId: buyer,
        plan: "monthly",
        status: "canceled",
        provider: "test",
        currentPeriodEnd: at("2025-03-06T00:00:00"),
        createdAt: at("2025-02-01T09:00:00"),
        canceledAt: at("2025-03-06T10:00:00"),
      },
      // Never paid: counts nowhere.
      {
        userId: buyer,
        plan: "monthly",
        status: "incomplete_expired",
        provider: "test",
        currentPeriodEnd: at("2025-03-03T00:00:00"),
        createdAt: at("2025-03-02T09:00:00"),
      },
    ])
    .returning({ id: subscriptions.id });
  const order = (fields: Partial<typeof orders.$inferInsert> & { amountCents: number; status: string }) => ({
    userId: buyer,
    customerEmail: `${buyer}@example.test`,
    kind: "course",
    courseId: courseX,
    itemTitle: "Course X",
    provider: "test",
    ...fields,
    createdAt: fields.paidAt ?? fields.createdAt,
  });
  await db.insert(orders).values([
    order({ amountCents: 4900, status: "paid", paidAt: at("2025-03-02T10:00:00") }),
    order({ amountCents: 4900, status: "refunded", paidAt: at("2025-03-02T23:30:00"), refundedAt: at("2025-03-05T09:00:00") }),
    order({ amountCents: 9900, status: "paid", courseId: courseY, itemTitle: "=HYPERLINK(evil)", paidAt: at("2025-03-04T11:00:00") }),
    order({
      amountCents: 2900,
      listPriceCents: 2900,
      status: "paid",
      kind: "membership",
      courseId: null,
      plan: "monthly",
      itemTitle: "Membership",
      subscriptionId: members[0].id,
      paidAt: at("2025-03-04T09:00:00"),
    }),
    // Paid before the range, refunded in it: its refund counts here, its sale does not.
    order({
      amountCents: 9900,
      status: "refunded",
      courseId: courseY,
      paidAt: at("2025-02-27T12:00:00"),
      refundedAt: at("2025-03-03T08:00:00"),
    }),
    // Never paid.
    order({ amountCents: 4900, status: "pending", createdAt: at("2025-03-03T12:00:00") }),
    order({ amountCents: 4900, status: "failed", createdAt: at("2025-03-03T13:00:00") }),
    // The first moment after the range.
    order({ amountCents: 4900, status: "paid", paidAt: at("2025-03-08T00:00:00") }),
  ]);
});

describe("analytics figures", () => {
  it("adds revenue by day: gross on the day paid, refunds on the day refunded, empty days included", async () => {
    const data = await readAnalytics(firstWeek());
    expect(data.revenue).toEqual([
      { day: "2025-03-01", grossCents: 0, refundedCents: 0, netCents: 0, sales: 0, refunds: 0 },
      { day: "2025-03-02", grossCents: 9800, refundedCents: 0, netCents: 9800, sales: 2, refunds: 0 },
      { day: "2025-03-03", grossCents: 0, refundedCents: 9900, netCents: -9900, sales: 0, refunds: 1 },
      { day: "2025-03-04", grossCents: 12800, refundedCents: 0, netCents: 12800, sales: 2, refunds: 0 },
      { day: "2025-03-05", grossCents: 0, refundedCents: 4900, netCents: -4900, sales: 0, refunds: 1 },
      { day: "2025-03-06", grossCents: 0, refundedCents: 0, netCents: 0, sales: 0, refunds: 0 },
      { day: "2025-03-07", grossCents: 0, refundedCents: 0, netCents: 0, sales: 0, refunds: 0 },
    ]);
    expect(data.totals).toMatchObject({ grossCents: 22600, refundedCents: 14800, netCents: 7800, sales: 4 });
  });

  it("agrees with the orders list: gross is the sum of its paid and refunded orders' amounts in the range", async () => {
    const range = firstWeek();
    const { orders: listed } = await listAdminOrders({ pageSize: 1000 });
    const inRange = (date: Date | string) => new Date(date) >= range.from && new Date(date) < range.to;
    const listedGross = listed
      .filter((row) => (row.status === "paid" || row.status === "refunded") && inRange(row.createdAt))
      .reduce((sum, row) => sum + row.amountCents, 0);
    const listedRefunds = listed
      .filter((row) => row.status === "refunded" && row.refundedAt && inRange(row.refundedAt))
      .reduce((sum, row) => sum + row.amountCents, 0);
    const { totals } = await readAnalytics(range);
    expect(totals.grossCents).toBe(listedGross);
    expect(totals.refundedCents).toBe(listedRefunds);
    expect(totals.netCents).toBe(listedGross - listedRefunds);
  });

  it("groups by month when asked, and chooses months for a long range", async () => {
    const byMonth = parseAnalyticsRange(new URLSearchParams("range=custom&from=2025-01-01&to=2025-03-31&bucket=month"));
    expect((await readAnalytics(byMonth)).revenue.map(({ day, grossCents, refundedCents }) => [day, grossCents, refundedCents])).toEqual([
      ["2025-01-01", 0, 0],
      ["2025-02-01", 9900, 0],
      ["2025-03-01", 27500, 14800],
    ]);
    expect(parseAnalyticsRange(new URLSearchParams("range=12m")).bucket).toBe("month");
    expect(parseAnalyticsRange(new URLSearchParams("range=90d")).bucket).toBe("week");
    expect(parseAnalyticsRange(new URLSearchParams("range=7d")).bucket).toBe("day");
  });

  it("weeks start on Monday and hold that week's sales", async () => {
    // March 2, 2025 is a Sunday: its two sales belong to the week of Monday, February 24.
    const range = parseAnalyticsRange(march("01", "07", "week"));
    expect((await readAnalytics(range)).revenue.map(({ day, grossCents }) => [day, grossCents])).toEqual([
      ["2025-02-24", 9800],
      ["2025-03-03", 12800],
    ]);
  });

  it("gives sales and revenue per course, refunds counted when made", async () => {
    expect((await readAnalytics(firstWeek())).courses).toEqual([
      { courseId: courseY, title: "=HYPERLINK(evil)", views: 0, sales: 1, grossCents: 9900, refundedCents: 9900, netCents: 0 },
      { courseId: courseX, title: "Course X", views: 0, sales: 2, grossCents: 9800, refundedCents: 4900, netCents: 4900 },
    ]);
  });

  it("counts sign-ups, new and churned members, active members and MRR at the range's end", async () => {
    const { membershipYearlyCents } = await getSiteSettings();
    const data = await readAnalytics(firstWeek());
    expect(data.signups.map((point) => point.count)).toEqual([2, 0, 0, 0, 0, 1, 0]);
    expect(data.members.filter((point) => point.joined || point.churned)).toEqual([
      { day: "2025-03-04", joined: 1, churned: 0 },
      { day: "2025-03-06", joined: 0, churned: 1 },
    ]);
    expect(data.totals).toMatchObject({
      signups: 3,
      joined: 1,
      churned: 1,
      activeMembers: 2,
      mrrCents: 2900 + Math.round(membershipYearlyCents / 12),
    });
    // Before the monthly one started and the other was canceled: the yearly and the churned one.
    const early = await readAnalytics(parseAnalyticsRange(new URLSearchParams("range=custom&from=2025-02-01&to=2025-02-28")));
    expect(early.totals.activeMembers).toBe(2);
  });
});

describe("revenue without tax", () => {
  const order = (fields: Partial<typeof orders.$inferInsert> & { amountCents: number; status: string; paidAt: Date }) => ({
    userId: buyer,
    customerEmail: `${buyer}@example.test`,
    kind: "course",
    courseId: courseX,
    itemTitle: "Course X",
    provider: "test",
    ...fields,
    createdAt: fields.paidAt,
  });

  beforeAll(async () => {
    await database()
      .db.insert(orders)
      .values([
        // April: a sale with 21% tax in it, refunded later in the month.
        order({
          amountCents: 12100,
          taxCents: 2100,
          status: "refunded",
          paidAt: at("2025-04-02T10:00:00"),
          refundedAt: at("2025-04-05T10:00:00"),
        }),
        // June, around "now" = June 15, 12:00 UTC.
        order({ amountCents: 12000, taxCents: 2000, status: "paid", paidAt: at("2025-06-15T09:00:00") }),
        order({ amountCents: 1000, status: "paid", paidAt: at("2025-06-15T03:00:00") }),
        order({ amountCents: 5000, status: "paid", paidAt: at("2025-06-10T10:00:00") }),
        order({ amountCents: 7000, status: "refunded", paidAt: at("2025-06-14T10:00:00"), refundedAt: at("2025-06-14T11:00:00") }),
        order({ amountCents: 3000, status: "paid", paidAt: at("2025-05-20T10:00:00") }),
        order({ amountCents: 3000, status: "paid", paidAt: at("2025-05-10T10:00:00") }),
        order({ amountCents: 8000, status: "pending", paidAt: at("2025-06-15T10:00:00") }),
      ]);
  });

  it("the charts and the course table count what the school keeps: the amount minus its tax, and the same for a refund", async () => {
    const april = await readAnalytics(parseAnalyticsRange(new URLSearchParams("range=custom&from=2025-04-01&to=2025-04-07")));
    expect(april.totals).toMatchObject({ grossCents: 10000, refundedCents: 10000, netCents: 0, sales: 1 });
    expect(april.courses).toEqual([expect.objectContaining({ courseId: courseX, grossCents: 10000, refundedCents: 10000 })]);
  });

  it("the dashboard's today, 7 and 30 days: paid orders without tax, refunded and unpaid ones left out, days in the school's time zone", async () => {
    const now = at("2025-06-15T12:00:00");
    expect(await readRevenueTotals({ timeZone: "UTC", now })).toEqual({ todayCents: 11000, last7DaysCents: 16000, last30DaysCents: 19000 });
    // The dashboard shows them for now: a sale paid a moment ago counts today, without its tax.
    await database()
      .db.insert(orders)
      .values(order({ amountCents: 6000, taxCents: 1000, status: "paid", paidAt: new Date(Date.now() - 1000) }));
    expect(await callLoader(dashboardRoute, { path: "/admin", user: admin })).toMatchObject({
      revenue: { todayCents: 5000, last7DaysCents: 5000, last30DaysCents: 5000 },
    });
    // 03:00 UTC is still yesterday in New York.
    expect(await readRevenueTotals({ timeZone: "America/New_York", now })).toEqual({
      todayCents: 10000,
      last7DaysCents: 16000,
      last30DaysCents: 19000,
    });
  });
});

describe("the analytics screen and its CSV", () => {
  it("answers the page's figures for the range in the URL", async () => {
    const result = await callLoader(analyticsRoute, { path: "/admin/analytics?range=custom&from=2025-03-01&to=2025-03-07", user: admin });
    expect(result.range).toMatchObject({ range: "custom", fromDay: "2025-03-01", toDay: "2025-03-07", bucket: "day" });
    expect(result.data.totals.netCents).toBe(7800);
  });

  it("downloads a chart's figures as CSV, amounts as decimals and formulas neutralised", async () => {
    const response = (await callLoader(exportCsv, {
      path: "/admin/analytics/export.csv?range=custom&from=2025-03-01&to=2025-03-07&report=revenue",
      user: admin,
    })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="revenue-2025-03-01-to-2025-03-07.csv"');
    const lines = (await response.text()).split("\r\n");
    expect(lines.slice(0, 3)).toEqual([
      "Period start,Period,Sales,Gross,Refunds,Refunded,Net",
      '2025-03-01,"Mar 1, 2025",0,0.00,0,0.00,0.00',
      '2025-03-02,"Mar 2, 2025",2,98.00,0,0.00,98.00',
    ]);
    expect(lines[3]).toBe('2025-03-03,"Mar 3, 2025",0,0.00,1,99.00,\'-99.00');
    const courses = (
      await (
        (await callLoader(exportCsv, {
          path: "/admin/analytics/export.csv?range=custom&from=2025-03-01&to=2025-03-07&report=courses",
          user: admin,
        })) as Response
      ).text()
    ).split("\r\n");
    expect(courses.slice(0, 3)).toEqual([
      "Course,Page views,Sales,Gross,Refunded,Net",
      "'=HYPERLINK(evil),0,1,99.00,99.00,0.00",
      "Course X,0,2,98.00,49.00,49.00",
    ]);
  });

  it("answers 404 for an unknown report", async () => {
    await expect(callLoader(exportCsv, { path: "/admin/analytics/export.csv?report=secrets", user: admin })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("the completion funnel", () => {
  it("lists a course's lessons in learning order with how many learners opened and finished each", async () => {
    const { db } = database();
    // Course X: a flat lesson first, then module 1's lessons, then module 2's (inserted first, placed second).
    const [second, first] = await db
      .insert(courseModules)
      .values([
        { courseId: courseX, title: "Module 2", position: 2 },
        { courseId: courseX, title: "Module 1", position: 1 },
      ])
      .returning({ id: courseModules.id });
    const lesson = (title: string, moduleId: string | null, orderIndex: number) => ({
      courseId: courseX,
      moduleId,
      title,
      slug: unique("l"),
      orderIndex,
    });
    const rows = await db
      .insert(lessons)
      .values([lesson("Wrap-up", second.id, 1), lesson("Basics", first.id, 2), lesson("Welcome", null, 1), lesson("Setup", first.id, 1)])
      .returning({ id: lessons.id, title: lessons.title });
    const id = (title: string) => rows.find((row) => row.title === title)!.id;
    const done = new Date();
    await db
      .insert(lessonProgress)
      .values([
        ...learnerIds.slice(0, 4).map((userId, index) => ({ userId, lessonId: id("Welcome"), completedAt: index < 3 ? done : null })),
        ...learnerIds
          .slice(0, 3)
          .map((userId, index) => ({ userId, lessonId: id("Setup"), completedAt: index < 2 ? done : null, positionSeconds: 30 })),
        { userId: learnerIds[0], lessonId: id("Basics"), positionSeconds: 12 },
      ]);
    const { funnel } = await readAnalytics(parseAnalyticsRange(new URLSearchParams(`course=${courseX}`)));
    expect(funnel.course).toEqual({ id: courseX, title: "Course X" });
    expect(funnel.steps.map(({ position, title, opened, finished }) => [position, title, opened, finished])).toEqual([
      [1, "Welcome", 4, 3],
      [2, "Setup", 3, 2],
      [3, "Basics", 1, 0],
      [4, "Wrap-up", 0, 0],
    ]);
    const response = (await callLoader(exportCsv, {
      path: `/admin/analytics/export.csv?report=funnel&course=${courseX}`,
      user: admin,
    })) as Response;
    expect((await response.text()).split("\r\n").slice(0, 3)).toEqual([
      "Course,Step,Lesson,Opened,Finished",
      "Course X,1,Welcome,4,3",
      "Course X,2,Setup,3,2",
    ]);
  });

  it("shows the first course by title when none or an unknown one is chosen", async () => {
    const { funnel } = await readAnalytics(parseAnalyticsRange(new URLSearchParams("course=00000000-0000-4000-8000-000000000000")));
    expect(funnel.courses.map((course) => course.title)).toEqual(["=HYPERLINK(evil)", "Course X"]);
    expect(funnel.course?.title).toBe("=HYPERLINK(evil)");
    expect(funnel.steps).toEqual([]);
  });
});
