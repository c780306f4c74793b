import { expect, test } from "@playwright/test";

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Courses mega-menu shows five published courses and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const trigger = header.getByRole("button", { name: "Courses" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
    await expect(panel.getByRole("listitem")).toHaveCount(5);
    // Featured courses come first.
    await expect(panel.getByRole("link", { name: /Shopify 101/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: "View all courses" })).toHaveAttribute("href", "/courses");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the mega-menu opens from the keyboard", async ({ page }) => {
    await page.goto("/pricing");
    const trigger = page.getByRole("banner").getByRole("button", { name: "Courses" });
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
    await expect(panel.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    // Leaving the menu with Tab closes it.
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Playbooks" }).focus();
    await expect(panel).toBeHidden();
  });

  test("signed out: Sign in and Get Started; the nav links every section", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(header.getByRole("link", { name: "Account" })).toHaveCount(0);
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Playbooks", "/playbooks"],
      ["Blog", "/blog"],
      ["Testimonials", "/testimonials"],
      ["Pricing", "/pricing"],
      ["About", "/about"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("signed in as an admin: Account and Admin instead of Sign in", async ({ page }) => {
    const response = await page.request.post("/api/auth/sign-in/email", {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    await expect(header.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });

  test("the logo falls back to text when the image cannot load", async ({ page }) => {
    await page.route("**/images/logo.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link").first().getByRole("img")).toHaveCount(0);
    // The school's name as text, and the link named by it (admin-settings.spec.ts may be renaming the school meanwhile).
    const name = (await header.getByTestId("text-logo").textContent())!;
    expect(name.length).toBeGreaterThan(0);
    await expect(header.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/");
  });

  test("the logo image has its size set", async ({ page }) => {
    await page.goto("/");
    const logo = page.getByRole("banner").getByRole("link").first().getByRole("img");
    await expect(logo).toHaveAccessibleName(/.+/);
    await expect(logo).toHaveAttribute("src", "/images/logo.svg");
    await expect(logo).toHaveAttribute("width", "160");
    await expect(logo).toHaveAttribute("height", "32");
  });
});

test.describe("mobile drawer", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("mirrors the header, traps focus, closes with Escape and returns focus", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    const open = header.getByRole("button", { name: "Open menu" });
    await open.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    for (const name of ["Courses", "Playbooks", "Blog", "Testimonials", "Pricing", "About", "Sign in", "Get Started"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("list", { name: "Popular courses" }).getByRole("link")).toHaveCount(5);

    // Focus stays inside the drawer however far you tab.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("following a drawer link navigates and closes the drawer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple pricing, no surprises");
  });
});
