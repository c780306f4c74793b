import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createCourseForSale } from "../../../tests/support/payments";
import { actionArgs, callAction, callLoader, routeContext, sessionUser, toastAfter } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { coupons, users } from "~/server/db/schema";
import * as editRoute from "./coupon-edit";
import * as newRoute from "./coupon-new";
import * as listRoute from "./coupons";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: admin.role, emailVerified: true });
});

const couponByCode = async (code: string) => (await database().db.select().from(coupons).where(eq(coupons.code, code)))[0];

type Answer = {
  init: ResponseInit;
  data: { errors: Record<string, string[]>; values: Record<string, string>; toast: { message: string } };
};

/** Posts the New coupon form as a browser would, with one `courseIds` entry per ticked box. */
function postNewCoupon(fields: [string, string][]) {
  const args = actionArgs({ path: "/admin/coupons/new", user: admin });
  const request = new Request(args.request.url, { method: "POST", body: new URLSearchParams(fields) });
  return newRoute.action({ ...args, request, context: routeContext({ user: admin }) } as never) as Promise<unknown>;
}

describe("Admin → Coupons", () => {
  it("creates a coupon for two courses, with the code upper-cased, and goes back to the list with 'Coupon created'", async () => {
    const [first, second] = [await createCourseForSale(), await createCourseForSale()];
    const response = (await postNewCoupon([
      ["intent", "save"],
      ["code", "  spring-25 "],
      ["discountType", "amount"],
      ["amountOff", "12.50"],
      ["appliesTo", "courses"],
      ["courseIds", first.id],
      ["courseIds", second.id],
      ["startsOn", "2026-12-01"],
      ["endsOn", "2026-12-31"],
      ["maxRedemptions", "100"],
      ["maxPerCustomer", "1"],
    ])) as Response;

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/coupons");
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Coupon created" });
    const saved = await couponByCode("SPRING-25");
    expect(saved).toMatchObject({
      discountType: "amount",
      amountOffCents: 1250,
      percentOff: null,
      appliesTo: "courses",
      startsAt: new Date("2026-12-01T00:00:00Z"),
      endsAt: new Date("2027-01-01T00:00:00Z"),
      maxRedemptions: 100,
      maxPerCustomer: 1,
      status: "active",
    });
    expect(saved!.courseIds.toSorted()).toEqual([first.id, second.id].toSorted());

    const loaded = await callLoader(editRoute, { path: `/admin/coupons/${saved!.id}`, params: { id: saved!.id }, user: admin });
    expect(loaded.initial).toMatchObject({ code: "SPRING-25", amountOff: "12.50", startsOn: "2026-12-01", endsOn: "2026-12-31" });
  });

  it("answers mistakes next to each field, keeps what was typed, and refuses a code in use in any case", async () => {
    await createTestCoupon({ code: "TAKEN" });
    const refused = (await postNewCoupon([
      ["intent", "save"],
      ["code", "taken"],
      ["discountType", "percent"],
      ["percentOff", "150"],
      ["appliesTo", "courses"],
      ["startsOn", "2026-12-10"],
      ["endsOn", "2026-12-01"],
      ["maxRedemptions", "0"],
    ])) as unknown as Answer;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ maxRedemptions: ["Enter a whole number of at least 1, or leave it empty for no limit"] });
    expect(refused.data.values).toMatchObject({ code: "taken", percentOff: "150", maxRedemptions: "0" });

    const crossField = (await postNewCoupon([
      ["intent", "save"],
      ["code", "fresh"],
      ["discountType", "percent"],
      ["percentOff", "150"],
      ["appliesTo", "courses"],
      ["startsOn", "2026-12-10"],
      ["endsOn", "2026-12-01"],
    ])) as unknown as Answer;
    expect(crossField.data.errors).toEqual({
      percentOff: ["Enter a whole percentage from 1 to 100"],
      courseIds: ["Choose at least one course"],
      endsOn: ["The end date must be on or after the start date"],
    });

    const taken = (await postNewCoupon([
      ["intent", "save"],
      ["code", "taken"],
      ["discountType", "percent"],
      ["percentOff", "10"],
      ["appliesTo", "all-courses"],
    ])) as unknown as Answer;
    expect(taken.init.status).toBe(409);
    expect(taken.data.errors).toEqual({ code: ["A coupon with this code already exists"] });
    expect(taken.data.values.code).toBe("taken");
    expect(await database().db.$count(coupons, eq(coupons.code, "FRESH"))).toBe(0);
  });

  it("refuses courses ticked under “Every course” or “The membership”, saving nothing, so a coupon never discounts what the form did not show", async () => {
    const launch = await createCourseForSale();
    for (const appliesTo of ["all-courses", "membership"]) {
      const refused = (await postNewCoupon([
        ["intent", "save"],
        ["code", `launch-${appliesTo}`],
        ["discountType", "percent"],
        ["percentOff", "25"],
        ["appliesTo", appliesTo],
        ["courseIds", launch.id],
      ])) as unknown as Answer;
      expect(refused.init.status).toBe(400);
      expect(refused.data.errors).toEqual({
        courseIds: ["Courses are ticked: choose “Chosen courses” to limit the coupon to them, or untick them"],
      });
      expect(refused.data.values).toMatchObject({ appliesTo, courseIds: launch.id, percentOff: "25" });
      expect(await database().db.$count(coupons, eq(coupons.code, `LAUNCH-${appliesTo.toUpperCase()}`))).toBe(0);
    }

    const coupon = await createTestCoupon({ percentOff: 10, appliesTo: "courses", courseIds: [launch.id] });
    const edited = (await callAction(editRoute, {
      path: `/admin/coupons/${coupon.id}`,
      params: { id: coupon.id },
      user: admin,
      form: { intent: "save", code: coupon.code, discountType: "percent", percentOff: "25", appliesTo: "all-courses", courseIds: launch.id },
    })) as unknown as Answer;
    expect(edited.init.status).toBe(400);
    expect(await couponByCode(coupon.code)).toMatchObject({ percentOff: 10, appliesTo: "courses", courseIds: [launch.id] });
  });

  it("edits a coupon, and disables and enables it from the list", async () => {
    const coupon = await createTestCoupon({ percentOff: 10 });
    const saved = (await callAction(editRoute, {
      path: `/admin/coupons/${coupon.id}`,
      params: { id: coupon.id },
      user: admin,
      form: {
        intent: "save",
        code: coupon.code,
        discountType: "percent",
        percentOff: "30",
        appliesTo: "membership",
        duration: "every-payment",
      },
    })) as Response;
    expect(await toastAfter(saved)).toMatchObject({ message: "Coupon saved" });
    expect(await couponByCode(coupon.code)).toMatchObject({ percentOff: 30, appliesTo: "membership", duration: "every-payment" });

    await callAction(listRoute, { path: "/admin/coupons", user: admin, form: { intent: "disable", id: coupon.id } });
    expect((await couponByCode(coupon.code))!.status).toBe("disabled");
    const list = await callLoader(listRoute, { path: `/admin/coupons?status=disabled&q=${coupon.code.toLowerCase()}`, user: admin });
    expect(list.rows).toEqual([expect.objectContaining({ code: coupon.code, status: "Disabled", discount: "30% off", redemptions: "0" })]);
    await callAction(listRoute, { path: "/admin/coupons", user: admin, form: { intent: "enable", id: coupon.id } });
    expect((await couponByCode(coupon.code))!.status).toBe("active");
  });
});
