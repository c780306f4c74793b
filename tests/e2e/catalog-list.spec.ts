import { expect, test } from "@playwright/test";
import { catalogResults, waitForHydration } from "./catalog-support";

test("filters apply as you use them and are mirrored in the URL; back and reload restore them", async ({ page }) => {
  await page.goto("/courses");
  await expect(page.getByRole("heading", { level: 1, name: "Course Catalog" })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await waitForHydration(page);

  await page.getByRole("list", { name: "Level" }).getByRole("link", { name: "Beginner" }).click();
  await expect(page).toHaveURL(/\/courses\?level=beginner$/);
  await page.getByRole("list", { name: "Topic" }).getByRole("link", { name: "Shopify" }).click();
  await expect(page).toHaveURL(/\/courses\?level=beginner&topic=shopify$/);
  await expect(page.getByRole("list", { name: "Topic" }).getByRole("link", { name: "Shopify" })).toHaveAttribute("aria-current", "true");

  await page.getByLabel("Search courses").fill("shopify 1");
  await expect(page).toHaveURL(/\/courses\?q=shopify\+1&level=beginner&topic=shopify$/);
  await expect(catalogResults(page).getByRole("link", { name: "View Course: Shopify 101" })).toBeVisible();
  await expect(catalogResults(page).getByRole("article")).toHaveCount(1);
  await expect(page.getByText("Showing 1 of 1")).toBeVisible();

  await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
  await expect(page).toHaveURL(/\/courses\?q=shopify\+1&level=beginner&topic=shopify&sort=price-desc$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/courses\?q=shopify\+1&level=beginner&topic=shopify$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("popular");
  await page.goBack();
  await expect(page).toHaveURL(/\/courses\?level=beginner&topic=shopify$/);
  await expect(page.getByLabel("Search courses")).toHaveValue("");

  await page.goto("/courses?q=PROMPT&sort=title");
  await expect(page.getByLabel("Search courses")).toHaveValue("PROMPT");
  await expect(page.getByLabel("Sort by")).toHaveValue("title");
  await expect(catalogResults(page).getByRole("link", { name: "View Course: The Perfect Prompt" })).toBeVisible();
});

test("the sort orders the cards", async ({ page }) => {
  await page.goto("/courses?sort=price-asc&topic=ai-chatgpt");
  const prices = await catalogResults(page).getByRole("article").locator("span.text-lg.font-bold").allTextContents();
  const values = prices.map((price) => Number(price.replace(/[$,]/g, "")));
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));
});

test("an unknown filter value shows the empty state; Clear filters resets to the defaults", async ({ page }) => {
  const response = await page.goto("/courses?topic=execution");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "No courses match your filters." })).toBeVisible();
  await expect(page.getByText("Showing 0 of 0")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(catalogResults(page).getByRole("link", { name: "View Course: Shopify 101" })).toBeVisible();
});

test("grid and list views toggle and stay in the URL", async ({ page }) => {
  await page.goto("/courses");
  await waitForHydration(page);
  await expect(catalogResults(page).getByRole("article").first()).toHaveAttribute("data-variant", "grid");
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/\/courses\?view=list$/);
  await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
  await expect(catalogResults(page).getByRole("article").first()).toHaveAttribute("data-variant", "list");
  await page.getByRole("list", { name: "Level" }).getByRole("link", { name: "Advanced" }).click();
  await expect(page).toHaveURL(/\/courses\?level=advanced&view=list$/);
  await page.getByRole("link", { name: "Grid view" }).click();
  await expect(page).toHaveURL(/\/courses\?level=advanced$/);
  await expect(catalogResults(page).getByRole("article").first()).toHaveAttribute("data-variant", "grid");
});

test("a cover image that fails to load falls back to its topic placeholder, drawn in the school's name", async ({ page }) => {
  // The cover and its smaller copies (the browser picks one from srcset).
  await page.route("**/images/demo/courses/shopify-101.webp*", (route) => route.abort());
  await page.goto("/courses?q=shopify+101");
  const card = catalogResults(page).getByRole("article").filter({ has: page.getByRole("link", { name: "View Course: Shopify 101" }) });
  await expect(card.locator("img")).toHaveAttribute("src", "/art/cover.svg?topic=Shopify");
  await expect(card.locator("img")).not.toHaveAttribute("srcset", /./);
  await expect.poll(() => card.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test("each card shows price, level, lessons, hours and a View Course link", async ({ page }) => {
  await page.goto("/courses?q=shopify+101");
  const card = catalogResults(page).getByRole("article").first();
  await expect(card.getByRole("heading", { name: "Shopify 101" })).toBeVisible();
  await expect(card.getByText("$197.00")).toBeVisible();
  await expect(card.getByText("Beginner", { exact: true })).toBeVisible();
  await expect(card.getByText("12 lessons")).toBeVisible();
  await expect(card.getByText(/\d+(\.\d)? hours|\d+ min/)).toBeVisible();
  await expect(card.getByRole("link", { name: "View Course: Shopify 101" })).toHaveAttribute("href", "/courses/shopify-101");
});

test("/catalog is the same page, with /courses as its canonical address", async ({ page }) => {
  await page.goto("/catalog?level=beginner");
  await expect(page.getByRole("heading", { level: 1, name: "Course Catalog" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/courses$/);
  await expect(catalogResults(page).getByRole("link", { name: "View Course: Shopify 101" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form and the pills still work, with tidy URLs", async ({ page }) => {
    await page.goto("/courses?topic=automation");
    await page.getByLabel("Search courses").fill("n8n");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/courses\?q=n8n&topic=automation$/);
    await expect(catalogResults(page).getByRole("link", { name: /View Course: .*n8n/i })).toBeVisible();
    await page.getByRole("list", { name: "Topic" }).getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/courses\?q=n8n$/);
  });
});

test("a skeleton shows while a course page loads after a client-side navigation", async ({ page }) => {
  await page.goto("/courses?q=shopify+101");
  await waitForHydration(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/courses/shopify-101.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "View Course: Shopify 101" }).click();
  await expect(page.getByTestId("course-detail-skeleton")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Shopify 101" })).toBeVisible();
  await expect(page.getByTestId("course-detail-skeleton")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("covers come in the small WebP copy the screen needs; the first loads at once, the rest lazily", async ({ page }) => {
    const images: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "image" && response.url().includes("/images/demo/courses/")) images.push(new URL(response.url()).pathname);
    });
    await page.goto("/courses");
    const covers = catalogResults(page).getByRole("article").locator("img");
    const first = covers.first();
    await expect(first).toHaveAttribute("srcset", /\.webp\.w480\.webp 480w, .+\.w960\.webp 960w, .+\.w1440\.webp 1440w$/);
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(covers.last()).toHaveAttribute("loading", "lazy");
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc)).toMatch(/\.w480\.webp$/);
    // Only copies were fetched: no full-size cover.
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((image) => !/\.w480\.webp$/.test(image))).toEqual([]);
  });
});
