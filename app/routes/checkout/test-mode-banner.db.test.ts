import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourseForSale } from "../../../tests/support/payments";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { getAuth } from "~/server/auth/auth.server";
import { getConfig, parseConfig, setConfig } from "~/server/platform/config.server";
import { orders } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";

/**
 * Issue 19, finding 3: while payments are in test mode, every checkout page and the admin
 * dashboard say so (this file's server runs on the embedded default, which is test mode).
 */

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;
const cookies = { admin: "", buyer: "" };
let orderId = "";
let courseId = "";

async function signIn(role: "admin" | "user") {
  const email = `${unique(role)}@example.com`;
  const password = "a-long-test-password";
  const { id } = await upsertPasswordUser(database().db, { email, password, role });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { id, email, cookie };
}

beforeAll(async () => {
  const admin = await signIn("admin");
  const buyer = await signIn("user");
  cookies.admin = admin.cookie;
  cookies.buyer = buyer.cookie;
  const course = await createCourseForSale();
  courseId = course.id;
  const [order] = await database()
    .db.insert(orders)
    .values({
      userId: buyer.id,
      customerEmail: buyer.email,
      kind: "course",
      courseId,
      itemTitle: course.title,
      amountCents: course.priceCents,
      status: "paid",
      provider: "test",
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  orderId = order!.id;
  app = await startAppServer({
    routes: (file) =>
      [
        "routes/checkout/checkout.tsx",
        "routes/checkout/checkout-success.tsx",
        "routes/checkout/checkout-cancel.tsx",
        "routes/admin/dashboard.tsx",
      ].includes(file),
  });
});

afterAll(() => app?.close());

const page = async (path: string, cookie: string) => {
  const response = await fetch(`${app.base}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
};

const BANNER = CHECKOUT_MESSAGES.testModeBanner;

describe("the test-mode banner", () => {
  it("is on every checkout page and on the admin dashboard while payments are in test mode", async () => {
    expect(getConfig().payments.provider).toBe("test");
    for (const [path, cookie] of [
      [`/checkout?courseId=${courseId}`, cookies.buyer],
      ["/checkout?plan=monthly", cookies.buyer],
      [`/checkout/success?order=${orderId}`, cookies.buyer],
      [`/checkout/cancel?order=${orderId}`, cookies.buyer],
      ["/admin", cookies.admin],
    ] as const) {
      const { status, html } = await page(path, cookie);
      expect(status, path).toBe(200);
      expect(html, path).toContain(BANNER);
      expect(html, path).toContain('aria-label="Test mode"');
    }
  });

  it("is not shown when payments are not in test mode", async () => {
    const before = getConfig();
    setConfig(
      parseConfig({
        NODE_ENV: "test",
        DATA_DIR: before.dataDir,
        PUBLIC_URL: before.publicUrl,
        AUTH_SECRET: before.authSecret!,
        PAYMENTS_PROVIDER: "none",
      }),
    );
    try {
      for (const [path, cookie] of [
        [`/checkout/success?order=${orderId}`, cookies.buyer],
        ["/admin", cookies.admin],
      ] as const) {
        const { status, html } = await page(path, cookie);
        expect(status, path).toBe(200);
        expect(html, path).not.toContain(BANNER);
      }
    } finally {
      setConfig(before);
    }
  });
});
