import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { users } from "~/server/db/schema";
import { getSellerDetails, getSiteSettings, updateSellerDetails, updateSiteSettings } from "~/server/settings/site-settings.server";
import { areCheckoutRemindersOn, setCheckoutReminders } from "~/server/payments/checkout-reminders.server";
import { findPlanGraceDays } from "~/server/payments/payment-plans.server";
import * as settingsRoute from "./settings";

const database = useTestDatabase();

const owner = sessionUser({ role: "super_admin" });
const admin = sessionUser({ role: "admin" });
const learner = sessionUser({ role: "user" });
const PATH = "/admin/settings";

const VALID_FORM = {
  intent: "save",
  schoolName: "Harbour Lane School",
  tagline: "Small lessons for small shops.",
  supportEmail: "help@harbour.example",
  logoUrl: "",
  membershipMonthly: "49.50",
  membershipYearly: "495",
  courseFallbackPrice: "99",
  membershipTrialDays: "14",
  planGraceDays: "10",
  sellerLegalName: "Harbour Lane Ltd",
  sellerAddress: " 1 Quay Street \r\n\r\nCork T12 AB34 ",
  sellerTaxNumber: "IE1234567T",
  senderName: "",
  senderEmail: "",
  replyTo: "",
  brandColor: "#4338ca",
  faviconUrl: "",
  currency: "usd",
  timeZone: "UTC",
  dateFormat: "MMM d, yyyy",
  checkoutReminders: "on",
};

beforeAll(async () => {
  for (const user of [owner, admin, learner])
    await database().db.insert(users).values({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: true });
});

afterEach(async () => {
  await updateSiteSettings({ input: DEFAULT_SITE_SETTINGS, actorId: null });
  await updateSellerDetails({ input: { legalName: "", address: "", taxNumber: "" } });
  await setCheckoutReminders({ enabled: true });
});

describe("/admin/settings", () => {
  it("refuses a plain admin and a learner with 403 Access Denied on the loader and the action, and changes nothing", async () => {
    for (const user of [admin, learner]) {
      const denied = { status: 403, data: { accessDenied: true, user: user.email, role: user.role, isAdmin: user.role === "admin" } };
      const loaded = await thrownResponse(callLoader(settingsRoute, { path: PATH, user }));
      expect({ status: loaded.status, data: loaded.data }, user.role).toEqual(denied);
      const posted = await thrownResponse(callAction(settingsRoute, { path: PATH, user, form: VALID_FORM }));
      expect({ status: posted.status, data: posted.data }, user.role).toEqual(denied);
    }
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("sends a visitor to sign in", async () => {
    expect(await thrownResponse(callLoader(settingsRoute, { path: PATH }))).toMatchObject({
      status: 302,
      location: `/login?next=${encodeURIComponent(PATH)}`,
    });
  });

  it("shows a super admin the saved values, prices in dollars", async () => {
    expect(await callLoader(settingsRoute, { path: PATH, user: owner })).toEqual({
      zones: expect.arrayContaining(["UTC", "Europe/Dublin"]),
      values: {
        schoolName: DEFAULT_SITE_SETTINGS.schoolName,
        tagline: DEFAULT_SITE_SETTINGS.tagline,
        supportEmail: DEFAULT_SITE_SETTINGS.supportEmail,
        logoUrl: DEFAULT_SITE_SETTINGS.logoUrl,
        membershipMonthly: "97",
        membershipYearly: "970",
        courseFallbackPrice: "197",
        membershipTrialDays: "0",
        planGraceDays: "7",
        sellerLegalName: "",
        sellerAddress: "",
        sellerTaxNumber: "",
        senderName: "",
        senderEmail: "",
        replyTo: "",
        brandColor: "#4338ca",
        faviconUrl: "",
        currency: "usd",
        timeZone: "UTC",
        dateFormat: "MMM d, yyyy",
        checkoutReminders: "on",
      },
      // The membership plans' order bump cards (docs/decisions/074): none saved.
      bumps: { monthly: expect.objectContaining({ saved: false }), yearly: expect.objectContaining({ saved: false }) },
    });
  });

  it("lets a super admin save: back to the screen with 'Settings saved', the new values read everywhere", async () => {
    const response = (await callAction(settingsRoute, { path: PATH, user: owner, form: VALID_FORM })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "Settings saved" });
    expect(await getSiteSettings()).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      schoolName: "Harbour Lane School",
      tagline: "Small lessons for small shops.",
      supportEmail: "help@harbour.example",
      logoUrl: null,
      membershipMonthlyCents: 4950,
      membershipYearlyCents: 49500,
      courseFallbackPriceCents: 9900,
      membershipTrialDays: 14,
      planGraceDays: 10,
    });
    // The seller's details for invoices, saved with them: the address keeps its lines, trimmed.
    expect(await getSellerDetails()).toEqual({
      legalName: "Harbour Lane Ltd",
      address: "1 Quay Street\nCork T12 AB34",
      taxNumber: "IE1234567T",
    });
  });

  it("takes a payment plan's grace period of 1 to 60 whole days, and the plans' sweep reads it", async () => {
    for (const [typed, error] of [
      ["61", "Give between 1 and 60 days"],
      ["2.5", "Enter whole days, like 7"],
      ["", "Enter whole days, like 7"],
    ]) {
      const result = (await callAction(settingsRoute, { path: PATH, user: owner, form: { ...VALID_FORM, planGraceDays: typed } })) as unknown as {
        data: { errors: Record<string, string[]>; values: Record<string, string> };
      };
      expect(result.data.errors, typed).toEqual({ planGraceDays: [error] });
      expect(result.data.values.planGraceDays).toBe(typed);
    }
    expect(await findPlanGraceDays()).toBe(7);
    expect(((await callAction(settingsRoute, { path: PATH, user: owner, form: { ...VALID_FORM, planGraceDays: "60" } })) as Response).status).toBe(302);
    expect(await findPlanGraceDays()).toBe(60);
    // Whoever saves, the stored rule holds.
    await expect(updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, planGraceDays: 0 }, actorId: null })).rejects.toThrow(/planGraceDays/);
  });

  it("turns checkout reminders off when the box is saved unticked (on by default), and the screen shows it", async () => {
    expect(await areCheckoutRemindersOn()).toBe(true);
    const { checkoutReminders: _ticked, ...unticked } = VALID_FORM;
    expect(((await callAction(settingsRoute, { path: PATH, user: owner, form: unticked })) as Response).status).toBe(302);
    expect(await areCheckoutRemindersOn()).toBe(false);
    expect(await callLoader(settingsRoute, { path: PATH, user: owner })).toMatchObject({ values: { checkoutReminders: "" } });
    await callAction(settingsRoute, { path: PATH, user: owner, form: VALID_FORM });
    expect(await areCheckoutRemindersOn()).toBe(true);
  });

  it("answers a form with mistakes with each field's error, what was typed, and an error toast", async () => {
    const form = {
      ...VALID_FORM,
      schoolName: " ",
      supportEmail: "nope",
      logoUrl: "//evil.example/x.png",
      membershipMonthly: "-5",
      membershipYearly: "ten",
      courseFallbackPrice: "",
      membershipTrialDays: "120",
      planGraceDays: "0",
      sellerTaxNumber: "<IE 123>",
    };
    const result = (await callAction(settingsRoute, { path: PATH, user: owner, form })) as unknown as {
      init: ResponseInit;
      data: { errors: Record<string, string[]>; values: Record<string, string>; toast: { kind: string; message: string } };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({
      schoolName: ["Enter the school's name"],
      supportEmail: ["Enter a valid email address, like help@your-school.com"],
      logoUrl: ["Upload an image, or give a path on this site (/images/…) or an https:// address"],
      membershipMonthly: ["A price cannot be negative"],
      membershipYearly: ["Enter an amount, like 97 or 97.50"],
      courseFallbackPrice: ["Enter the single-course price"],
      membershipTrialDays: ["A trial can last at most 90 days"],
      planGraceDays: ["Give between 1 and 60 days"],
      sellerTaxNumber: ["Use letters, digits, spaces, dots, dashes or slashes, like IE1234567T"],
    });
    const { intent: _intent, ...typed } = form;
    expect(result.data.values).toEqual(typed);
    expect(result.data.toast).toMatchObject({ kind: "error", message: "Please correct the highlighted fields" });
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });
});
