import { expect, test, type Page } from "@playwright/test";

// Other tests may publish posts on the same server, so these assertions name demo posts
// and their relative order rather than counting the whole list. A post published by a
// parallel test pushes the oldest demo posts to page 2, so "on the first page" checks use
// the newest demo post, and the older pricing guide is found through the search.
const PRICING = "How to Price Your Products: A Field Guide for Shopify Store Owners";
const N8N = "Build Your First n8n Workflow: Shopify Order Alerts in Slack";
const FOUR_AUTOMATIONS = "Four Automations Every Small Store Should Run";
const SHIP = "Ship Before You Feel Ready: What Thirteen Years of Launches Taught Me";

const postTitles = (page: Page) => page.getByRole("region", { name: "Posts" }).getByRole("article").getByRole("heading");

/** Marks the window so a test can tell a client-side navigation from a full page load. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __blogMarker: boolean }).__blogMarker = true));
}
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __blogMarker?: boolean }).__blogMarker === true);

test("the list shows published posts with category, date, reading time, author and an RSS link", async ({ page }) => {
  await page.goto(`/blog?q=${encodeURIComponent("How to Price")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: PRICING }) });
  await expect(card.getByText("Shopify", { exact: true })).toBeVisible();
  await expect(card.getByText("Apr 14, 2025")).toBeVisible();
  await expect(card.getByText(/^\d+ min read$/)).toBeVisible();
  await expect(card.getByText("Maya Chen")).toBeVisible();
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");

  await card.getByRole("link", { name: PRICING }).click();
  await expect(page).toHaveURL(/\/blog\/how-to-price-your-products$/);
  await expect(page.getByRole("heading", { level: 1, name: PRICING })).toBeVisible();
});

test("a category pill filters the list and is mirrored in the URL", async ({ page }) => {
  await page.goto("/blog");
  await markWindow(page);
  const categories = page.getByRole("navigation", { name: "Categories" });
  await expect(categories.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await categories.getByRole("link", { name: "Automation" }).click();

  await expect(page).toHaveURL(/\/blog\?category=automation$/);
  await expect(categories.getByRole("link", { name: "Automation" })).toHaveAttribute("aria-current", "page");
  await expect(postTitles(page).filter({ hasText: N8N })).toHaveCount(1);
  await expect(postTitles(page).filter({ hasText: PRICING })).toHaveCount(0);
  expect(await windowMarked(page)).toBe(true);

  await expect(postTitles(page).filter({ hasText: SHIP })).toHaveCount(0);

  await categories.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(postTitles(page).filter({ hasText: SHIP })).toHaveCount(1);
});

test("search applies as you type, without a page reload, and shows the empty message", async ({ page }) => {
  await page.goto("/blog");
  await markWindow(page);
  const search = page.getByRole("searchbox", { name: "Search posts" });

  await search.pressSequentially("N8N workflow");
  await expect(page).toHaveURL(/\/blog\?q=N8N\+workflow$/);
  await expect(postTitles(page).filter({ hasText: N8N })).toHaveCount(1);
  await expect(postTitles(page).filter({ hasText: PRICING })).toHaveCount(0);

  await search.fill("zzq no such post qzz");
  await expect(page.getByText("No posts match your filters.")).toBeVisible();
  await expect(page).toHaveURL(/q=zzq\+no\+such\+post\+qzz/);
  expect(await windowMarked(page)).toBe(true);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(search).toHaveValue("");
  await expect(postTitles(page).filter({ hasText: SHIP })).toHaveCount(1);
});

test("the sort changes the order and is mirrored in the URL", async ({ page }) => {
  await page.goto("/blog?category=automation");
  const titles = async () => postTitles(page).allTextContents();
  const sort = page.getByRole("combobox", { name: "Sort by" });
  await expect(sort).toHaveValue("newest");
  let shown = await titles();
  expect(shown.indexOf(FOUR_AUTOMATIONS)).toBeLessThan(shown.indexOf(N8N));

  await sort.selectOption({ label: "A-Z" });
  await expect(page).toHaveURL(/\/blog\?category=automation&sort=a-z$/);
  await expect.poll(async () => {
    shown = await titles();
    return shown.indexOf(N8N) < shown.indexOf(FOUR_AUTOMATIONS);
  }).toBe(true);

  await page.goto("/blog");
  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Popular" });
  await expect(page).toHaveURL(/\/blog\?sort=popular$/);
  // The pricing guide has the most views of all the demo posts.
  await expect(postTitles(page).first()).toHaveText(PRICING);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form still works as a plain GET form", async ({ page }) => {
    await page.goto("/blog?category=shopify");
    await page.getByRole("searchbox", { name: "Search posts" }).fill("price");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Reading time" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=price&category=shopify&sort=reading-time$/);
    await expect(postTitles(page).filter({ hasText: PRICING })).toHaveCount(1);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("reading-time");
  });
});

test("the RSS feed lists published posts with absolute links", async ({ request, baseURL }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`<link>${baseURL}/blog/how-to-price-your-products</link>`);
  expect(xml).toContain("<title>How to Price Your Products: A Field Guide for Shopify Store Owners</title>");
  expect((xml.match(/<item>/g) ?? []).length).toBeLessThanOrEqual(20);
});
