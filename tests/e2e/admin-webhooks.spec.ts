import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signInAsAdmin, toast, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

type Received = { headers: Record<string, string>; body: string };

test("a super admin adds a webhook endpoint, sends a test event that the receiver verifies, and redelivers it", async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;

  try {
    await signInAsAdmin(page);
    await page.goto("/admin/developers/webhooks");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await page
      .getByRole("link", { name: /Add (the first )?endpoint/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Add webhook endpoint" })).toBeVisible();
    await waitForHydration(page);

    // A private address is refused with the reason, keeping what was typed.
    await page.getByLabel("URL").fill("https://169.254.169.254/latest/meta-data");
    await page.getByRole("checkbox", { name: /enrollment\.created/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("The URL leads to a private or local address, which webhooks cannot reach")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /enrollment\.created/ })).toBeChecked();

    await page.getByLabel("URL").fill(url);
    await page.getByLabel("Description (optional)").fill("Test receiver");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint added" })).toBeVisible();
    const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect((await wcagScan(page)).violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole("link", { name: "Open the endpoint" }).click();
    await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: `Send test event to ${url}` }).click();
    await expect(toast(page, "Test event queued")).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
    expect(event.type).toBe("webhook.test");

    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("table", { name: "Deliveries" }).getByRole("row", { name: /webhook\.test/ })).toContainText("Delivered");
    }).toPass({ timeout: 15_000 });
    const row = page.getByRole("table", { name: "Deliveries" }).getByRole("row", { name: /webhook\.test/ });
    await expect(row).toContainText("200");
    await waitForHydration(page);
    await row.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
    await expect(toast(page, "Delivery queued again")).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    expect((await wcagScan(page)).violations.map((violation) => violation.id)).toEqual([]);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
