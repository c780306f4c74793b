import { expect, test } from "@playwright/test";

const PRICING_PATH = "/blog/how-to-price-your-products";
const PRICING = "How to Price Your Products: A Field Guide for Shopify Store Owners";

test("a post renders its markdown with heading ids, its author, and related posts from its category", async ({ page }) => {
  await page.goto(PRICING_PATH);
  await expect(page.getByRole("heading", { level: 1, name: PRICING })).toBeVisible();
  const article = page.getByRole("article").first();
  await expect(article.getByRole("heading", { level: 2, name: "Step 1: Find your true landed cost" })).toHaveAttribute("id", "step-1-find-your-true-landed-cost");
  await expect(article.getByRole("heading", { level: 3, name: "A worked example" })).toHaveAttribute("id", "a-worked-example");
  await expect(article.getByRole("table").first()).toBeVisible();
  await expect(article.getByText("Maya Chen")).toBeVisible();
  await expect(article.getByText("Apr 14, 2025")).toBeVisible();

  const related = page.getByRole("region", { name: "Related posts" });
  const relatedCards = related.getByRole("article");
  await expect(relatedCards.first()).toBeVisible();
  expect(await relatedCards.count()).toBeLessThanOrEqual(3);
  await expect(related.getByRole("link", { name: PRICING })).toHaveCount(0);
  for (const card of await relatedCards.all()) await expect(card.getByText("Shopify", { exact: true })).toBeVisible();
});

test("the table of contents jumps to a heading and marks the section being read", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/blog/first-n8n-workflow-order-alerts");
  const toc = page.getByRole("navigation", { name: "On this page" });
  await expect(toc.getByRole("link", { name: "What you'll need" })).toHaveAttribute("aria-current", "location");
  await expect(toc.getByRole("link")).toHaveCount(14);

  await toc.getByRole("link", { name: "Step 3: Flag high-value orders" }).click();
  await expect(page).toHaveURL(/#step-3-flag-high-value-orders$/);
  const heading = page.getByRole("heading", { level: 2, name: "Step 3: Flag high-value orders" });
  await expect(heading).toBeInViewport();
  await expect(toc.getByRole("link", { name: "Step 3: Flag high-value orders" })).toHaveAttribute("aria-current", "location");
  await expect(toc.locator('[aria-current="location"]')).toHaveCount(1);

  // Scrolling on by hand moves the mark too (an h3 counts as a section).
  await page.getByRole("heading", { level: 3, name: "Standard message" }).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 60));
  await expect(toc.getByRole("link", { name: "Standard message" })).toHaveAttribute("aria-current", "location");
  await expect(toc.getByRole("link", { name: "Step 3: Flag high-value orders" })).not.toHaveAttribute("aria-current", "location");
});

test("the reading progress bar follows the scroll through the article", async ({ page }) => {
  await page.goto(PRICING_PATH);
  const progress = page.getByRole("progressbar", { name: "Reading progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");

  const articleHeight = await page.getByRole("article").first().evaluate((element) => element.getBoundingClientRect().height);
  await page.evaluate((y) => window.scrollTo(0, y), articleHeight / 2);
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(20);
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeLessThan(90);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
});

test("share copies the link when the browser cannot share, and says so", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.addInitScript(() => {
    // Force the fallback: some Chromium builds have the Web Share API.
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await page.goto(PRICING_PATH);
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${PRICING_PATH}`);
});

test("an unknown post is a 404 'Post Not Found' with a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/Post Not Found/);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
});

test("a post has article meta tags, a canonical URL, BlogPosting JSON-LD with no nonce replayed from the page cache, and the feed link", async ({ request, baseURL }) => {
  const response = await request.get(PRICING_PATH);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${PRICING_PATH}"/>`);
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toContain(`<meta property="og:image" content="${baseURL}/images/demo/posts/how-to-price-your-products.webp"/>`);
  expect(html).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/);
  // An anonymous visitor's post comes from the page cache: its policy allows scripts by hash, and
  // neither it nor the JSON-LD (a data block, never run) carries a nonce (docs/decisions/022-page-cache.md).
  expect(["miss", "hit"]).toContain(response.headers()["x-page-cache"]);
  expect(response.headers()["content-security-policy"]).not.toContain("'nonce-");
  expect(html).not.toMatch(/\snonce="/);
  const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(JSON.parse(jsonLd![1])).toMatchObject({ "@type": "BlogPosting", headline: PRICING, author: { name: "Maya Chen" }, url: `${baseURL}${PRICING_PATH}` });
});

test("the RSS link is also on the list page for feed readers", async ({ request }) => {
  const html = await (await request.get("/blog")).text();
  expect(html).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/);
});
