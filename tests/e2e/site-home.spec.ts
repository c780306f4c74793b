import { expect, test } from "@playwright/test";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { PRICE_TEXT } from "./site-settings-support";

const demo = loadDemoSchool();

test("home shows every section of the spec with data from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("4.9 average from 12,000+ learners").first()).toBeVisible();
  const stats = page.locator("dl").first();
  for (const value of ["4.9", "12,000+", "150+", "20+"]) await expect(stats.getByText(value, { exact: true })).toBeVisible();

  for (const title of ["Learn by building", "Save 20+ hours", "Help when you're stuck"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Featured courses" }).getByRole("article")).toHaveCount(3);

  const testimonials = page.getByRole("region", { name: "What learners say" });
  await expect(testimonials.getByRole("article")).toHaveCount(3);
  await expect(testimonials.getByRole("img", { name: "Rated 5 out of 5" }).first()).toBeVisible();

  const instructor = page.getByRole("region", { name: "Maya Chen" });
  await expect(instructor.getByText(demo.instructor.headline)).toBeVisible();
  await expect(instructor.getByRole("img", { name: "Portrait of Maya Chen" })).toHaveAttribute("src", "/images/demo/instructor.webp");

  const framework = page.getByRole("region", { name: "Five pillars, one weekly rhythm" });
  for (const pillar of ["Shopify", "ChatGPT", "Automation", "Launch", "Execution"]) {
    await expect(framework.getByRole("heading", { name: pillar, exact: true })).toBeVisible();
  }

  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("link", { name: "Start monthly membership" })).toHaveAttribute("href", "/checkout?plan=monthly");
  await expect(pricing.getByRole("link", { name: "Start yearly membership" })).toHaveAttribute("href", "/checkout?plan=yearly");
  // The prices themselves are settings (admin-settings.spec.ts checks the defaults).
  await expect(pricing.getByRole("listitem").filter({ hasText: "All-access monthly" }).getByText(PRICE_TEXT)).toBeVisible();
  await expect(pricing.getByRole("listitem").filter({ hasText: "All-access yearly" }).getByText(PRICE_TEXT)).toBeVisible();
});

test("the FAQ opens and closes its answers", async ({ page }) => {
  await page.goto("/#faq");
  const faq = page.locator("#faq");
  await expect(faq.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  const question = faq.getByRole("button", { name: "What is your refund policy?" });
  const answer = faq.getByText(/full refund within 14 days of purchase/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(answer).toBeVisible();
  await question.press("Enter");
  await expect(answer).toBeHidden();
});

test("home carries Organization structured data", async ({ page }) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json!);
  expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: expect.any(String) });
  // The school's name from the settings, as the footer shows it.
  await expect(page.getByRole("contentinfo").getByText(data.name, { exact: true })).toBeVisible();
  expect(data.url).toBe(`${process.env.E2E_BASE_URL}/`);
  expect(data.logo).toBe(`${process.env.E2E_BASE_URL}/images/logo.svg`);
});
