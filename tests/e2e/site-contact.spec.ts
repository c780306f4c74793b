import { expect, test } from "@playwright/test";
import { newestMailTo, uniqueEmail } from "./site-mail";

test("contact: errors beside the fields, nothing typed is lost, then a confirmation and a mail to support", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(page.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "/#faq");
  await expect(page.getByRole("heading", { name: "Email support" })).toBeVisible();
  await expect(page.getByText(/within 24-48 hours/).first()).toBeVisible();

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields");
  await expect(main.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Please enter your name.");
  await expect(main.getByRole("textbox", { name: "Email", exact: true })).toHaveAccessibleDescription("Please enter your email address.");
  await expect(main.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription("Please enter a message.");

  const message = `Hello support, where is my invoice? ${Date.now()}`;
  await main.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await main.getByRole("textbox", { name: "Email", exact: true }).fill("ada-at-example");
  await main.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(main.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByRole("textbox", { name: "Email", exact: true })).toHaveAccessibleDescription(
    "Please enter a valid email address.",
  );
  await expect(main.getByRole("textbox", { name: "Name" })).toHaveValue("Ada Lovelace");
  await expect(main.getByRole("textbox", { name: "Message" })).toHaveValue(message);
  await expect(main.getByRole("textbox", { name: "Name" })).not.toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("contact");
  await main.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thanks, your message has been sent" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);

  // Other tests may write to support too: find ours by its unique text.
  const mail = await newestMailTo("support@launchpad.localhost", { containing: message });
  expect(mail).toContain("Subject: Contact form: Ada Lovelace");
  expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, "\\$&")}\\s*$`, "m"));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server keeps the typed values and shows the errors", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Name" }).fill("No Script");
    await main.getByRole("textbox", { name: "Message" }).fill("Typed without JavaScript");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(main.getByRole("textbox", { name: "Name" })).toHaveValue("No Script");
    await expect(main.getByRole("textbox", { name: "Message" })).toHaveValue("Typed without JavaScript");
  });
});
