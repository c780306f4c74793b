import { expect, test } from "@playwright/test";

test("pricing compares individual courses with the membership and links to checkout", async ({ page }) => {
  // The owner's page (Admin → Pages); by default the real prices, the plans and where billing questions go.
  await page.goto("/pricing#membership");
  await expect(page.getByRole("heading", { level: 1, name: "Simple pricing, no surprises" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the refund policy" })).toHaveAttribute("href", "/refund");
  await expect(page.getByRole("link", { name: "Contact us" }).first()).toHaveAttribute("href", "/contact");
  const membership = page.locator("#membership");
  await expect(membership.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await expect(membership.getByText("Cancel anytime", { exact: true })).toBeVisible();
  await expect(membership.getByText("2 months free", { exact: true })).toBeVisible();
  await expect(membership.getByText("$197", { exact: true })).toBeVisible();
  await expect(membership.getByRole("link", { name: "Start monthly membership" })).toHaveAttribute("href", "/checkout?plan=monthly");
  await expect(membership.getByRole("link", { name: "Start yearly membership" })).toHaveAttribute("href", "/checkout?plan=yearly");

  const table = page.getByRole("table");
  const row = (feature: string) => table.getByRole("row", { name: new RegExp(`^${feature}`) });
  for (const feature of ["Lifetime access", "All files"]) {
    await expect(row(feature).getByText("Included", { exact: true })).toHaveCount(2);
  }
  for (const feature of ["Weekly live Q&A", "Priority support", "Early access"]) {
    await expect(row(feature).getByText("Not included", { exact: true })).toHaveCount(1);
    await expect(row(feature).getByText("Included", { exact: true })).toHaveCount(1);
  }
});

test("about shows the five pillars and the timeline from 2013 to now", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const pillars = page.getByRole("region", { name: "The five-pillar framework" });
  for (const pillar of ["Shopify", "ChatGPT", "Automation", "Launch", "Execution"]) {
    await expect(pillars.getByRole("heading", { name: pillar, exact: true })).toBeVisible();
  }
  const timeline = page.getByRole("region", { name: "From 2013 to now" }).getByRole("listitem");
  await expect(timeline.first()).toContainText("2013");
  await expect(timeline.last()).toContainText("Now");
});

test("privacy has a table of contents and the seven sections", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText("Last updated: January 1, 2024")).toBeVisible();
  const toc = page.getByRole("navigation", { name: "Table of contents" });
  const sections = [
    "Information We Collect",
    "How We Use Information",
    "Information Sharing",
    "Data Security",
    "Your Rights",
    "Cookies",
    "Policy Updates",
  ];
  await expect(toc.getByRole("link")).toHaveCount(7);
  for (const [index, title] of sections.entries()) {
    await expect(page.getByRole("heading", { level: 2, name: `${index + 1}. ${title}` })).toBeVisible();
  }
  await toc.getByRole("link", { name: "6. Cookies" }).click();
  await expect(page).toHaveURL(/#cookies$/);
  await expect(page.getByRole("heading", { name: "6. Cookies" })).toBeInViewport();
});

test("terms and refund policy are real, readable pages", async ({ page }) => {
  await page.goto("/refund");
  await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
  await expect(page.getByText("you ask within 14 days of the purchase")).toBeVisible();
  await expect(page.getByText("you have completed less than 30% of the course's lessons")).toBeVisible();
  await expect(page.getByText("We don't give partial refunds")).toBeVisible();
  await expect(page.getByText(/A refund removes your access to the course/)).toBeVisible();

  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "4. All-Access Membership" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "refund policy" }).click();
  await expect(page).toHaveURL(/\/refund$/);
});
