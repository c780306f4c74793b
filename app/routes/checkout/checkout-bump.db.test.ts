import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { courseBumps, orderLines, users } from "~/server/db/schema";
import { saveCourseBump } from "~/server/offers/course-bumps.server";
import { readBumpTakeRate } from "~/server/analytics/analytics.server";
import * as courseEditRoute from "~/routes/admin/course-edit";
import * as bundleEditRoute from "~/routes/admin/bundle-edit";
import { createBundle } from "~/server/bundles/bundles.server";
import * as ordersRoute from "~/routes/admin/orders";
import * as settingsRoute from "~/routes/admin/settings";
import * as checkoutRoute from "./checkout";

/** Order bumps through the routes (docs/decisions/067): the checkout's box, the admin's form, a line's refund. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit"
    ? { status: wrapped.init?.status ?? 200, data: wrapped.data }
    : { status: 200, data: result };
}

async function signedIn(role: "user" | "admin" = "user") {
  const person = await createBuyer();
  if (role === "admin") await database().db.update(users).set({ role: "admin" }).where(eq(users.id, person.id));
  return { person, user: sessionUser({ id: person.id, email: person.email, role }) };
}

async function courseWithBump() {
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseBump({ courseId: course.id, offerCourseId: offered.id, priceCents: 3000, pitch: "Add it" });
  return { course, offered };
}

describe("the checkout's order bump", () => {
  it("shows the total with the bump when ?withBump=1, and pays both at the database's prices whatever the form says", async () => {
    const { person, user } = await signedIn();
    const { course, offered } = await courseWithBump();
    const page = unwrap(await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}&withBump=1`, user }));
    expect(page.data).toMatchObject({ offer: { amountCents: 13000, bump: { courseId: offered.id, chosen: true } } });

    await callAction(checkoutRoute, {
      path: `/checkout?courseId=${course.id}`,
      user,
      form: { intent: "pay-course", courseId: course.id, withBump: "1", bumpPrice: "0", priceCents: "1" },
    });
    const [order] = await ordersOf(person.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 13000 });
    expect((await linesOf(order!.id)).map((line) => [line.kind, line.amountCents])).toEqual([
      ["course", 10000],
      ["bump", 3000],
    ]);
    expect(await readBumpTakeRate({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) })).toEqual({
      offered: 1,
      taken: 1,
      percent: 100,
    });
  });
});

describe("Admin → Edit course → Order bump", () => {
  it("saves a bump, and refuses a draft course or a negative price with the reason, keeping what was typed", async () => {
    const { user } = await signedIn("admin");
    const course = await createCourseForSale();
    const draft = await createCourseForSale({ status: "draft" });
    const offered = await createCourseForSale();
    const path = `/admin/courses/${course.id}/edit`;
    const params = { id: course.id };

    const refusedDraft = unwrap(
      await callAction(courseEditRoute, {
        path,
        params,
        user,
        form: { intent: "save-bump", bumpOffer: `course:${draft.id}`, bumpPrice: "10", bumpPitch: "Hi" },
      }),
    );
    expect(refusedDraft).toMatchObject({
      status: 400,
      data: { bumpErrors: { bumpOffer: [expect.stringMatching(/draft or was deleted/)] }, bumpValues: { bumpPitch: "Hi" } },
    });
    const refusedPrice = unwrap(
      await callAction(courseEditRoute, { path, params, user, form: { intent: "save-bump", bumpOffer: `course:${offered.id}`, bumpPrice: "-1" } }),
    );
    expect(refusedPrice).toMatchObject({ status: 400, data: { bumpErrors: { bumpPrice: ["The special price cannot be negative"] } } });
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toEqual([]);

    const saved = (await callAction(courseEditRoute, {
      path,
      params,
      user,
      form: { intent: "save-bump", bumpOffer: `course:${offered.id}`, bumpPrice: "12.50", bumpPitch: "Worth it" },
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toMatchObject([
      { offerCourseId: offered.id, priceCents: 1250, pitch: "Worth it" },
    ]);
    const page = await callLoader(courseEditRoute, { path, params, user });
    expect(page.bump).toMatchObject({ saved: true, values: { bumpOffer: `course:${offered.id}`, bumpPrice: "12.50" } });
  });

  it("is the admin's alone", async () => {
    const { user } = await signedIn();
    const course = await createCourseForSale();
    const offered = await createCourseForSale();
    const refused = await thrownResponse(
      callAction(courseEditRoute, {
        path: `/admin/courses/${course.id}/edit`,
        params: { id: course.id },
        user,
        form: { intent: "save-bump", bumpOffer: `course:${offered.id}`, bumpPrice: "1" },
      }),
    );
    expect(refused.status).toBe(403);
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.courseId, course.id))).toEqual([]);
  });
});

describe("Admin → Edit bundle → Order bump (docs/decisions/071)", () => {
  it("saves the bundle's bump, refuses a course the bundle holds, and its checkout offers the box and sells both", async () => {
    const { user: admin } = await signedIn("admin");
    const held = await createCourseForSale({ priceCents: 6000 });
    const offered = await createCourseForSale({ priceCents: 4000 });
    const bundle = await createBundle({
      input: {
        title: "Pair",
        slug: `pair-${crypto.randomUUID().slice(0, 8)}`,
        description: "",
        coverUrl: null,
        priceCents: 5000,
        status: "published",
        courseIds: [held.id],
      },
    });
    const path = `/admin/bundles/${bundle.id}/edit`;
    const params = { id: bundle.id };
    const refused = unwrap(
      await callAction(bundleEditRoute, {
        path,
        params,
        user: admin,
        form: { intent: "save-bump", bumpOffer: `course:${held.id}`, bumpPrice: "5" },
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { bumpErrors: { bumpOffer: [expect.stringMatching(/in the bundle already/)] } },
    });
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.bundleId, bundle.id))).toEqual([]);
    const page = await callLoader(bundleEditRoute, { path, params, user: admin });
    expect(page.bump.choices.courses.map((choice) => choice.value)).not.toContain(`course:${held.id}`);

    const saved = (await callAction(bundleEditRoute, {
      path,
      params,
      user: admin,
      form: { intent: "save-bump", bumpOffer: `course:${offered.id}`, bumpPrice: "15", bumpPitch: "Both" },
    })) as Response;
    expect(saved.status).toBe(302);

    const { person, user } = await signedIn();
    const checkout = unwrap(await callLoader(checkoutRoute, { path: `/checkout?bundleId=${bundle.id}&withBump=1`, user }));
    expect(checkout.data).toMatchObject({ offer: { amountCents: 6500, bump: { courseId: offered.id, chosen: true, pitch: "Both" } } });
    await callAction(checkoutRoute, {
      path: `/checkout?bundleId=${bundle.id}`,
      user,
      form: { intent: "pay-bundle", bundleId: bundle.id, withBump: "1" },
    });
    const [order] = await ordersOf(person.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 6500 });
    expect((await linesOf(order!.id)).map((line) => [line.kind, line.amountCents])).toEqual([
      ["bundle", 5000],
      ["bump", 1500],
    ]);
  });
});

describe("Admin → Orders: Refund this line", () => {
  it("refunds the bump's line alone and lists the order's lines", async () => {
    const { user: admin } = await signedIn("admin");
    const { person, user } = await signedIn();
    const { course, offered } = await courseWithBump();
    await callAction(checkoutRoute, {
      path: `/checkout?courseId=${course.id}`,
      user,
      form: { intent: "pay-course", courseId: course.id, withBump: "1" },
    });
    const [order] = await ordersOf(person.id);
    const lines = await linesOf(order!.id);

    const answer = (await callAction(ordersRoute, {
      path: `/admin/orders?q=${encodeURIComponent(person.email)}`,
      user: admin,
      form: { intent: "refund-line", orderId: order!.id, lineId: lines[1]!.id },
    })) as Response;
    expect(answer.status).toBe(302);
    const listed = await callLoader(ordersRoute, { path: `/admin/orders?q=${encodeURIComponent(person.email)}`, user: admin });
    expect(listed.rows[0]).toMatchObject({
      status: "paid",
      lines: [
        { title: course.title, amount: "$100.00", refunded: null, refundable: true },
        { title: offered.title, amount: "$30.00", refunded: expect.stringMatching(/^Refunded on /), refundable: false },
      ],
    });
  });
});

describe("Settings → the membership plans' order bumps (docs/decisions/074)", () => {
  it("saves a bundle as the monthly plan's bump, refuses a negative price on its own card, and the plan's checkout offers and sells it", async () => {
    const owner = sessionUser({ role: "super_admin" });
    const first = await createCourseForSale({ priceCents: 6000 });
    const bundle = await createBundle({
      input: {
        title: "Member extras",
        slug: `member-extras-${first.id.slice(0, 8)}`,
        description: "",
        coverUrl: null,
        priceCents: 9000,
        status: "published",
        courseIds: [first.id],
      },
    });
    const path = "/admin/settings";
    const offer = `bundle:${bundle.id}`;
    const shown = await callLoader(settingsRoute, { path, user: owner });
    expect(shown.bumps.monthly.choices.bundles.map((choice) => choice.value)).toContain(offer);

    const refused = unwrap(
      await callAction(settingsRoute, { path, user: owner, form: { intent: "save-monthlyBump", bumpOffer: offer, bumpPrice: "-3", bumpPitch: "Keep" } }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { monthlyBumpErrors: { bumpPrice: ["The special price cannot be negative"] }, monthlyBumpValues: { bumpPitch: "Keep" } },
    });
    expect(refused.data).not.toHaveProperty("yearlyBumpErrors");
    const saved = (await callAction(settingsRoute, {
      path,
      user: owner,
      form: { intent: "save-monthlyBump", bumpOffer: offer, bumpPrice: "20", bumpPitch: "Keep them" },
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.membershipPlan, "monthly"))).toMatchObject([
      { offerBundleId: bundle.id, offerCourseId: null, priceCents: 2000, pitch: "Keep them" },
    ]);
    expect((await callLoader(settingsRoute, { path, user: owner })).bumps).toMatchObject({
      monthly: { saved: true, values: { bumpOffer: offer, bumpPrice: "20.00" } },
      yearly: { saved: false },
    });
    // An admin who is not the owner cannot.
    const forbidden = await thrownResponse(
      callAction(settingsRoute, { path, user: sessionUser({ role: "admin" }), form: { intent: "remove-monthlyBump" } }),
    );
    expect(forbidden.status).toBe(403);

    const { person, user } = await signedIn();
    const page = unwrap(await callLoader(checkoutRoute, { path: "/checkout?plan=monthly&withBump=1", user }));
    expect(page.data).toMatchObject({ offer: { kind: "membership", bump: { bundleId: bundle.id, priceCents: 2000, chosen: true } } });
    await callAction(checkoutRoute, { path: "/checkout?plan=monthly", user, form: { intent: "pay-membership", plan: "monthly", withBump: "1" } });
    const [order] = await ordersOf(person.id);
    expect(await linesOf(order!.id)).toMatchObject([{ kind: "membership" }, { kind: "bump", bundleId: bundle.id, amountCents: 2000 }]);

    const removed = (await callAction(settingsRoute, { path, user: owner, form: { intent: "remove-monthlyBump" } })) as Response;
    expect(removed.status).toBe(302);
    expect(await database().db.select().from(courseBumps).where(eq(courseBumps.membershipPlan, "monthly"))).toEqual([]);
  });
});
