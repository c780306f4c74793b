import { createRequire } from "node:module";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/lib/site-settings";
import { coupons, courses, invoices, orders, users } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mail-queue.server";
import { startCheckout } from "~/server/payments/checkout.server";
import * as settingsRoute from "~/routes/admin/settings";
import * as ordersRoute from "~/routes/admin/orders";
import * as courseNewRoute from "~/routes/admin/course-new";
import * as courseEditRoute from "~/routes/admin/course-edit";
import * as couponNewRoute from "~/routes/admin/coupon-new";
import * as invoiceRoute from "~/routes/resources/invoice-pdf";
import * as exportRoute from "~/routes/resources/invoices-export-csv";
import * as analyticsExportRoute from "~/routes/resources/analytics-export-csv";
import { courseJsonLd } from "~/routes/catalog/course-detail.server";
import { getSiteSettings, InvalidSiteSettingsError, updateSiteSettings } from "./site-settings.server";

/** The school's identity in Settings (issue 38, docs/decisions/051): the rules, the mail, the currency on every money surface. */

const database = useTestDatabase();
const owner = sessionUser({ role: "super_admin" });
const admin = sessionUser({ role: "admin" });
const PATH = "/admin/settings";

const FORM = {
  intent: "save",
  schoolName: "Harbour Lane School",
  tagline: "",
  supportEmail: "help@harbour.example",
  logoUrl: "",
  membershipMonthly: "97",
  membershipYearly: "970",
  courseFallbackPrice: "197",
  membershipTrialDays: "0",
  planGraceDays: "7",
  sellerLegalName: "",
  sellerAddress: "",
  sellerTaxNumber: "",
  senderName: "Harbour Lane",
  senderEmail: "news@harbour.example",
  replyTo: "",
  brandColor: "#0F766E",
  faviconUrl: "",
  currency: "usd",
  timeZone: "Europe/Dublin",
  dateFormat: "d MMM yyyy",
};

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
async function pdfText(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join("\n");
}

type Refused = { init: ResponseInit; data: { errors: Record<string, string[]>; values: Record<string, string> } };

beforeAll(async () => {
  for (const user of [owner, admin])
    await database().db.insert(users).values({ id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: true });
});

afterEach(async () => {
  // Back to the defaults; orders made in another currency would block that, so they go first.
  await database().db.delete(invoices);
  await database().db.delete(orders);
  await updateSiteSettings({ input: DEFAULT_SITE_SETTINGS, actorId: null });
});

describe("the school's identity in Settings", () => {
  it("saves the sender, the brand colour (normalised), the currency, the time zone and the date format", async () => {
    const response = (await callAction(settingsRoute, { path: PATH, user: owner, form: FORM })) as Response;
    expect(response.status).toBe(302);
    expect(await getSiteSettings()).toMatchObject({
      senderName: "Harbour Lane",
      senderEmail: "news@harbour.example",
      replyTo: "",
      brandColor: "#0f766e",
      faviconUrl: null,
      currency: "usd",
      timeZone: "Europe/Dublin",
      dateFormat: "d MMM yyyy",
    });
  });

  it.each([
    ["senderEmail", "news", "The sender address needs an @ and a domain, like hello@your-school.com"],
    ["senderEmail", "news@harbour", "The sender address needs a full domain after the @, like hello@your-school.com"],
    ["replyTo", "replies@", "The reply-to address needs a full domain after the @, like hello@your-school.com"],
    [
      "brandColor",
      "#FFCC00",
      "#ffcc00 has a contrast of 1.51:1 against white; white text on it needs at least 4.5:1 (WCAG AA). Choose a darker colour",
    ],
    ["brandColor", "red;}body{display:none", "Enter a colour as #rrggbb, like #4338ca"],
    ["currency", "btc", "Choose a currency Stripe charges in, like USD, EUR or JPY"],
    ["timeZone", "Mars/Olympus", "Choose a time zone by its IANA name, like Europe/Dublin or America/New_York"],
    ["dateFormat", "yyyy", "Choose one of MMM d, yyyy, d MMM yyyy, yyyy-MM-dd, dd/MM/yyyy, MM/dd/yyyy"],
  ])("refuses %s %j with the reason, keeps what was typed and saves nothing", async (field, value, reason) => {
    const form = { ...FORM, [field]: value };
    const result = (await callAction(settingsRoute, { path: PATH, user: owner, form })) as unknown as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({ [field]: [reason] });
    expect(result.data.values[field]).toBe(value);
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("keeps the same rules when something else saves: each refused value is named with its reason", async () => {
    const input: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      senderEmail: "news",
      brandColor: "#eeeeee",
      currency: "xyz",
      timeZone: "Nowhere",
    };
    const refused = await updateSiteSettings({ input, actorId: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidSiteSettingsError);
    expect((refused as InvalidSiteSettingsError).reasons).toEqual({
      senderEmail: "must be an address with a domain",
      brandColor: expect.stringMatching(/^#eeeeee has a contrast of 1\.16:1 against white/),
      currency: "is not a currency Stripe charges in",
      timeZone: "is not a time zone (an IANA name like Europe/Dublin)",
    });
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("takes prices in the chosen currency's units: 5000 yen is 5000, not 500000", async () => {
    await callAction(settingsRoute, {
      path: PATH,
      user: owner,
      form: { ...FORM, currency: "JPY", membershipMonthly: "5000", membershipYearly: "50000", courseFallbackPrice: "12000" },
    });
    expect(await getSiteSettings()).toMatchObject({
      currency: "jpy",
      membershipMonthlyCents: 5000,
      membershipYearlyCents: 50000,
      courseFallbackPriceCents: 12000,
    });
    const shown = await callLoader(settingsRoute, { path: PATH, user: owner });
    expect(shown.values).toMatchObject({ currency: "jpy", membershipMonthly: "5000" });
    expect(shown.zones).toContain("Europe/Dublin");
  });

  it("refuses a currency change once there are orders in another currency, with the reason under the field", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 1900 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const result = (await callAction(settingsRoute, { path: PATH, user: owner, form: { ...FORM, currency: "eur" } })) as unknown as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.errors.currency).toEqual([
      "The currency cannot change once there are orders in another one (1 order is in another currency): analytics, exports and refunds add amounts up, and sums across currencies mean nothing",
    ]);
    expect((await getSiteSettings()).currency).toBe("usd");
    // The rest of the school's settings may still change in the same currency.
    expect(((await callAction(settingsRoute, { path: PATH, user: owner, form: FORM })) as Response).status).toBe(302);
  });
});

describe("the sender on every e-mail", () => {
  it("is read when the mail is sent: a message queued before a change goes out as the school is now, with the Reply-To", async () => {
    const to = "reader@example.test";
    await sendMail({ kind: "contact", to, subject: "Queued before the change", text: "Hello", html: "<p>Hello</p>" });
    await updateSiteSettings({
      input: {
        ...DEFAULT_SITE_SETTINGS,
        senderName: "Harbour Lane",
        senderEmail: "news@harbour.example",
        replyTo: "answers@harbour.example",
      },
      actorId: null,
    });
    const [mail] = await mailsTo(to);
    expect(mail).toMatch(/^From: Harbour Lane <news@harbour\.example>$/m);
    expect(mail).toMatch(/^Reply-To: answers@harbour\.example$/m);
  });

  it("falls back to MAIL_FROM's address under the school's name, and replies to the support address", async () => {
    const to = "second-reader@example.test";
    await sendMail({ kind: "contact", to, subject: "Defaults", text: "Hello", html: "<p>Hello</p>" });
    const [mail] = await mailsTo(to);
    expect(mail).toMatch(new RegExp(`^From: ${DEFAULT_SITE_SETTINGS.schoolName} <[^>]+@[^>]+>$`, "m"));
    expect(mail).toMatch(new RegExp(`^Reply-To: ${DEFAULT_SITE_SETTINGS.supportEmail.replace(".", "\\.")}$`, "m"));
  });
});

describe("the school's currency on every money surface", () => {
  it("sells in yen: the order, the receipt, the invoice PDF, the admin's orders, the CSV exports and the course's structured data", async () => {
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, currency: "jpy" }, actorId: null });
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 4900 });

    // Checkout (test mode): the offer and the order carry the school's currency.
    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    expect(started.status).toBe("paid");
    expect(started.offer).toMatchObject({ amountCents: 4900, currency: "jpy" });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ amountCents: 4900, currency: "jpy", status: "paid" });

    // The receipt e-mail.
    const [encoded] = await mailsTo(buyer.email);
    // Quoted-printable, as the message is written: "=C2=A5" is "¥".
    const receipt = Buffer.from(encoded!.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
    expect(receipt).toContain("¥4,900");
    expect(receipt).not.toContain("$");

    // The invoice PDF.
    const [invoice] = await database().db.select().from(invoices).where(eq(invoices.orderId, order!.id)).orderBy(asc(invoices.sequence));
    const pdf = (await callLoader(invoiceRoute, {
      path: `/invoices/${invoice!.id}/pdf`,
      params: { id: invoice!.id },
      user: admin,
    })) as Response;
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("¥4,900");
    expect(text).toContain("Currency: JPY");

    // The admin's orders.
    const list = await callLoader(ordersRoute, { path: "/admin/orders", user: admin });
    expect(list.rows.find((row) => row.id === order!.id)).toMatchObject({ amount: "¥4,900" });

    // The invoices CSV: whole yen, not hundredths.
    const today = new Date().toISOString().slice(0, 10);
    const csv = (await callLoader(exportRoute, { path: `/admin/orders/invoices.csv?from=${today}&to=${today}`, user: admin })) as Response;
    const line = (await csv.text()).split("\r\n").find((row) => row.includes(invoice!.number))!;
    expect(line).toContain(",4900,0,,0,4900,JPY,");

    // The analytics CSV: the day's gross in yen.
    const analytics = (await callLoader(analyticsExportRoute, {
      path: `/admin/analytics/export.csv?range=custom&from=${today}&to=${today}&report=courses`,
      user: admin,
    })) as Response;
    expect(await analytics.text()).toMatch(new RegExp(`${course.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")},\\d+,1,4900,0,4900`));

    // The course page's structured data.
    const jsonLd = courseJsonLd({
      course: { ...course, subtitle: "", level: "Beginner", coverUrl: null, instructor: null, rating: null, reviewCount: 0 } as never,
      origin: "https://school.example",
      schoolName: "S",
      currency: "jpy",
    });
    expect(String(jsonLd)).toContain('"price":"4900","priceCurrency":"JPY"');
  });
});

describe("prices typed in the school's currency", () => {
  const courseForm = (title: string, price: string) => ({
    intent: "draft",
    title,
    slug: "",
    shortDescription: "Learn it.",
    longDescriptionMd: "",
    price,
    level: "Beginner",
    track: "",
    outcomes: "",
    coverUrl: "",
  });
  const couponForm = (code: string, amountOff: string) => ({
    intent: "save",
    code,
    discountType: "amount",
    percentOff: "",
    amountOff,
    appliesTo: "all-courses",
    duration: "first-payment",
    startsOn: "",
    endsOn: "",
    maxRedemptions: "",
    maxPerCustomer: "1",
  });
  const courseBySlug = async (slug: string) => (await database().db.select().from(courses).where(eq(courses.slug, slug)))[0]!;

  it("a course's price and a coupon's amount are whole yen in JPY, and thousandths in KWD", async () => {
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, currency: "jpy" }, actorId: null });
    expect(((await callAction(courseNewRoute, { path: "/admin/courses/new", user: admin, form: courseForm("Yen course", "4900") })) as Response).status).toBe(302);
    const yen = await courseBySlug("yen-course");
    expect(yen.priceCents).toBe(4900);
    const edit = await callLoader(courseEditRoute, { path: `/admin/courses/${yen.id}/edit`, user: admin, params: { id: yen.id } });
    expect(edit.course.values.price).toBe("4900");

    expect(((await callAction(couponNewRoute, { path: "/admin/coupons/new", user: admin, form: couponForm("YEN500", "500") })) as Response).status).toBe(302);
    const [coupon] = await database().db.select().from(coupons).where(eq(coupons.code, "YEN500"));
    expect(coupon?.amountOffCents).toBe(500);
    // A refused amount says so in the school's currency.
    const refused = (await callAction(couponNewRoute, { path: "/admin/coupons/new", user: admin, form: couponForm("YENBAD", "lots") })) as unknown as Refused;
    expect(refused.data.errors.amountOff).toEqual(["Enter an amount in JPY, like 2000"]);
    const zero = (await callAction(couponNewRoute, { path: "/admin/coupons/new", user: admin, form: couponForm("YENZERO", "0") })) as unknown as Refused;
    expect(zero.data.errors.amountOff).toEqual(["Enter an amount above ¥0"]);

    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, currency: "kwd" }, actorId: null });
    await callAction(courseNewRoute, { path: "/admin/courses/new", user: admin, form: courseForm("Dinar course", "12.345") });
    expect((await courseBySlug("dinar-course")).priceCents).toBe(12345);
  });

  it("stays dollars and cents in USD, as §5 says: 12.345 is 1235 cents", async () => {
    await callAction(courseNewRoute, { path: "/admin/courses/new", user: admin, form: courseForm("Dollar course", "12.345") });
    expect((await courseBySlug("dollar-course")).priceCents).toBe(1235);
    const refused = (await callAction(couponNewRoute, { path: "/admin/coupons/new", user: admin, form: couponForm("USDBAD", "ten") })) as unknown as Refused;
    expect(refused.data.errors.amountOff).toEqual(["Enter an amount in dollars, like 20 or 19.50"]);
  });
});
