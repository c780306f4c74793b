import { expect, test } from "@playwright/test";
import { withAnySchool } from "./site-settings-support";

const BASE = process.env.E2E_BASE_URL!;

// The home page's title is the school's name; the others are "Page | School name".
const PAGES = [
  { path: "/", title: withAnySchool("{school}", { whole: true }) },
  { path: "/pricing", title: withAnySchool("Pricing | {school}", { whole: true }) },
  { path: "/about", title: withAnySchool("About | {school}", { whole: true }) },
  { path: "/contact", title: withAnySchool("Contact | {school}", { whole: true }) },
  { path: "/privacy", title: withAnySchool("Privacy Policy | {school}", { whole: true }) },
  { path: "/terms", title: withAnySchool("Terms of Service | {school}", { whole: true }) },
  { path: "/refund", title: withAnySchool("Refund Policy | {school}", { whole: true }) },
  { path: "/playbooks", title: withAnySchool("Playbooks | {school}", { whole: true }) },
  { path: "/testimonials", title: withAnySchool("Testimonials | {school}", { whole: true }) },
];

test("every marketing page has its own title, description, canonical URL and social tags", async ({ page }) => {
  const descriptions = new Set<string>();
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const shown = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length, path).toBeGreaterThan(50);
    descriptions.add(description!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", shown);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${BASE}${path}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  }
  expect(descriptions.size).toBe(PAGES.length);
});

test("a filtered list keeps the list page as its canonical URL", async ({ page }) => {
  await page.goto("/playbooks?category=shopify&sort=popular");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE}/playbooks`);
});

test("robots.txt allows the site, keeps crawlers out of private areas and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  expect(lines).toEqual(
    expect.arrayContaining([
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /account",
      "Disallow: /api",
      `Sitemap: ${BASE}/sitemap.xml`,
    ]),
  );
});

test("sitemap.xml lists the public pages, published courses and published posts as absolute URLs", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const path of [
    "/",
    "/courses",
    "/pricing",
    "/playbooks",
    "/blog",
    "/testimonials",
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/refund",
  ]) {
    expect(locs).toContain(`${BASE}${path}`);
  }
  expect(locs).toContain(`${BASE}/courses/shopify-101`);
  expect(locs.filter((loc) => loc.startsWith(`${BASE}/courses/`)).length).toBeGreaterThanOrEqual(6);
  expect(locs.filter((loc) => loc.startsWith(`${BASE}/blog/`)).length).toBeGreaterThanOrEqual(9);
  expect(locs.every((loc) => loc.startsWith(`${BASE}/`))).toBe(true);
});

for (const width of [375, 1280]) {
  test(`no horizontal scrolling at ${width}px, images sized, nothing loaded from other hosts, no console errors`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.origin !== new URL(BASE).origin) foreign.push(request.url());
    });
    for (const { path } of [...PAGES, { path: "/newsletter" }]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      const unsized = await page
        .locator("img")
        .evaluateAll((images) =>
          images.filter((image) => !image.getAttribute("width") || !image.getAttribute("height")).map((image) => image.getAttribute("src")),
        );
      expect(unsized, `${path} has images without width/height`).toEqual([]);
    }
    expect(foreign).toEqual([]);
    // Hydration mismatches and script errors show up here.
    expect(errors).toEqual([]);
  });
}

test("images below the fold load lazily", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("img", { name: "Portrait of Maya Chen" })).toHaveAttribute("loading", "lazy");
  await page.goto("/testimonials");
  await expect(page.getByRole("list", { name: "Testimonials" }).locator("img").first()).toHaveAttribute("loading", "lazy");
});
