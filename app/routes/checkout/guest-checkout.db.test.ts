import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, thrownResponse } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { coupons, enrollments, lessons, orders, users, verifications } from "~/server/db/schema";
import { fulfilCheckout } from "~/server/payments/fulfil-checkout.server";
import * as checkoutRoute from "./checkout";
import * as successRoute from "./checkout-success";

/** Buying without an account (issue 39, docs/decisions/048), through the route as a visitor's browser does, in test mode. */

const database = useTestDatabase();
let counter = 0;
const guestEmail = () => `guest-${Date.now().toString(36)}-${++counter}@example.test`;
const accountOf = async (email: string) => (await database().db.select().from(users).where(eq(users.email, email)))[0];
const ordersFor = (email: string) => database().db.select().from(orders).where(eq(orders.customerEmail, email));

async function payAsGuest(form: Record<string, string>, clientIp?: string) {
  try {
    return await callAction(checkoutRoute, { path: "/checkout", form, clientIp });
  } catch (thrown) {
    return thrown;
  }
}

const setCookiesOf = (answer: unknown) => (answer instanceof Response ? answer.headers.getSetCookie() : []);
const unwrap = (answer: unknown) => answer as { type: string; data: Record<string, unknown>; init: ResponseInit | null };

describe("guest checkout", () => {
  it("makes an unconfirmed account for a new address, signs no one in, and mails a one-use set-password link", async () => {
    const course = await createCourseForSale({ priceCents: 4900 });
    await database().db.insert(lessons).values({ courseId: course.id, title: "Hello", slug: "hello", orderIndex: 1 });
    const email = guestEmail();
    const answer = await payAsGuest({ intent: "pay-course", courseId: course.id, email: ` ${email.toUpperCase()} `, name: "Gia Guest" });
    expect(answer).toBeInstanceOf(Response);
    const [order] = await ordersFor(email);
    expect((answer as Response).headers.get("Location")).toBe(`/checkout/success?order=${order!.id}`);
    const cookies = setCookiesOf(answer);
    // No session: only the toast and the guest confirmation cookie.
    expect(cookies.some((cookie) => cookie.includes("session_token"))).toBe(false);
    const guestCookie = cookies.find((cookie) => cookie.startsWith("guest_order="))!;
    expect(guestCookie).toMatch(/HttpOnly/);

    const account = await accountOf(email);
    expect(account).toMatchObject({ name: "Gia Guest", emailVerified: false, role: "user" });
    expect(order).toMatchObject({ userId: account!.id, status: "paid", amountCents: 4900, guestCheckout: true, customerName: "Gia Guest" });
    const [enrollment] = await database().db.select().from(enrollments).where(eq(enrollments.userId, account!.id));
    expect(enrollment).toMatchObject({ courseId: course.id, status: "active" });

    // The receipt carries the set-password link: Better Auth's reset token, leading on to the first lesson.
    const receipt = (await mailsTo(email))[0]!.replace(/=3D/g, "=");
    const link = receipt.match(/https?:\/\/\S+\/reset-password\/new\?token=([\w-]+)&next=([^\s"<]+)/);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![2]!)).toBe(`/courses/${course.slug}/lessons/hello`);
    const [token] = await database().db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${link![1]}`));
    expect(token).toMatchObject({ value: account!.id });
    expect(token!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);

    // The browser that paid sees its confirmation; another (no cookie) is sent to sign in.
    const cookieHeader = guestCookie.split(";")[0]!;
    const success = await callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, headers: { cookie: cookieHeader } });
    expect(success).toMatchObject({ order: { status: "paid", itemTitle: course.title }, guestEmail: email, next: null });
    const elsewhere = await thrownResponse(callLoader(successRoute, { path: `/checkout/success?order=${order!.id}` }));
    expect(elsewhere.status).toBe(302);
    // A forged cookie shows nothing.
    const forged = await thrownResponse(callLoader(successRoute, { path: `/checkout/success?order=${order!.id}`, headers: { cookie: `guest_order=${order!.id}.bad` } }));
    expect(forged.status).toBe(302);
  });

  it("attaches the order to the existing account of a confirmed address without signing it in, and mails no password link", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const answer = await payAsGuest({ intent: "pay-course", courseId: course.id, email: buyer.email, name: "Someone Else" });
    expect(setCookiesOf(answer).some((cookie) => cookie.includes("session_token"))).toBe(false);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", guestCheckout: true });
    // The account keeps its name; the typed one is only on the order.
    expect((await accountOf(buyer.email))?.name).not.toBe("Someone Else");
    const [receipt] = await mailsTo(buyer.email);
    expect(receipt).toContain(course.title);
    expect(receipt).not.toContain("/reset-password/new");
  });

  it("refuses an admin's address with the answer a two-factor account gets, writing nothing", async () => {
    const course = await createCourseForSale();
    const admin = await createBuyer();
    const protectedAccount = await createBuyer();
    await database().db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    await database().db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, protectedAccount.id));
    const answers = [];
    for (const email of [admin.email, protectedAccount.email]) {
      const answer = unwrap(await payAsGuest({ intent: "pay-course", courseId: course.id, email, name: "Mallory" }));
      answers.push({ status: answer.init?.status, signInToBuy: answer.data.signInToBuy, toast: (answer.data.toast as { message: string }).message });
      expect(answer.data.values).toEqual({ email, name: "Mallory" });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 409, signInToBuy: true, toast: CHECKOUT_MESSAGES.signInToBuy });
    expect(await ordersFor(admin.email)).toHaveLength(0);
    expect(await ordersFor(protectedAccount.email)).toHaveLength(0);
  });

  it("refuses an invalid address or a missing name with the reason, keeping what was typed", async () => {
    const course = await createCourseForSale();
    const answer = unwrap(await payAsGuest({ intent: "pay-course", courseId: course.id, email: "not-an-address", name: "" }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toMatchObject({ email: ["Enter a valid email address, like you@example.com"], name: ["Enter your name"] });
    expect(answer.data.values).toMatchObject({ email: "not-an-address" });
    expect(await ordersFor("not-an-address")).toHaveLength(0);
  });

  it("applies a coupon for a guest", async () => {
    const course = await createCourseForSale({ priceCents: 10000 });
    const code = `GUEST${Date.now().toString(36).toUpperCase()}`;
    await database().db.insert(coupons).values({ code, discountType: "percent", percentOff: 50, appliesTo: "all-courses" });
    const email = guestEmail();
    await payAsGuest({ intent: "pay-course", courseId: course.id, email, name: "Cou Pon", coupon: code });
    const [order] = await ordersFor(email);
    expect(order).toMatchObject({ status: "paid", amountCents: 5000, discountCents: 5000, couponCode: code });
  });

  it("pays once for a repeated event, and refunds the second of two tabs with one account made", async () => {
    const course = await createCourseForSale();
    const email = guestEmail();
    await payAsGuest({ intent: "pay-course", courseId: course.id, email, name: "Two Tabs" });
    await payAsGuest({ intent: "pay-course", courseId: course.id, email, name: "Two Tabs" });
    const both = await ordersFor(email);
    expect(both.map((order) => order.status).sort()).toEqual(["paid", "refunded"]);
    expect(new Set(both.map((order) => order.userId)).size).toBe(1);
    expect(await database().db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // The same event delivered again changes nothing.
    const paid = both.find((order) => order.status === "paid")!;
    const again = await fulfilCheckout({ event: { id: `test_evt_${paid.id}`, provider: "test", type: "checkout.completed" }, orderId: paid.id, checkoutSessionId: paid.checkoutSessionId!, paymentId: null });
    expect(again.outcome).toBe("duplicate");
  });

  it("limits guest checkouts per address as sign-up is limited", async () => {
    const course = await createCourseForSale();
    const clientIp = "198.51.100.39";
    let last;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = unwrap(await payAsGuest({ intent: "pay-course", courseId: course.id, email: "not-an-address", name: "Probe" }, clientIp));
    }
    expect(last!.init?.status).toBe(429);
  });
});
