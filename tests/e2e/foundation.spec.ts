import { expect, test } from "@playwright/test";

test("home shows the three featured courses from the database", async ({ page }) => {
  // The course-admin spec features a course of its own for a moment on the same server; the demo's
  // featured courses are back once it has deleted it.
  await expect(async () => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured courses" });
    await expect(featured.getByRole("article")).toHaveCount(3);
    await expect(featured.getByRole("link", { name: /View Course: Shopify 101/ })).toBeVisible({ timeout: 1000 });
    await expect(featured.getByText("$197.00")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 25_000 });
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("health check reports the database, storage, mail and the job queue", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: "ok",
    database: "ok",
    storage: "ok",
    mail: "ok",
    queue: { waiting: expect.any(Number), oldestWaitingSeconds: expect.any(Number) },
  });
});

test("pages carry the security headers and a nonce-based CSP", async ({ request }) => {
  // A page the page cache never answers; cached public pages allow their scripts by hash instead
  // (docs/decisions/022-page-cache.md, tests/e2e/security-headers.spec.ts).
  const response = await request.get("/login");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // Workers only from the site's own files (hls.js's transmuxer), never from a blob:.
  expect(headers["content-security-policy"]).toContain("worker-src 'self'");
  const html = await response.text();
  const nonce = headers["content-security-policy"].match(/'nonce-([^']+)'/)![1];
  expect(html).toContain(`nonce="${nonce}"`);
});

test("hashed assets are cached for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/href="(\/assets\/[^"]+\.js)"/)![1];
  const response = await request.get(asset);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("a state-changing request from another site is refused", async ({ request }) => {
  const crossSite = await request.post("/api/auth/sign-in/email", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
    data: { email: "a@b.co", password: "whatever" },
  });
  expect(crossSite.status()).toBe(403);
  const formPost = await request.post("/?index", { headers: { Origin: "https://evil.example" }, form: { any: "thing" } });
  expect(formPost.status()).toBe(403);
});

test("the web font is added after the first paint, and then used", async ({ page, request }) => {
  await page.goto("/");
  // The page's own stylesheet declares no Inter, so the first paint does not wait for the font.
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  const css = await (await request.get(stylesheet!)).text();
  expect(css).toMatch(/@font-face\s*\{[^}]*Inter Fallback/);
  expect(css).not.toMatch(/@font-face\s*\{[^}]*Inter Variable/);
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((font) => font.family === "Inter Variable" && font.status === "loaded")))
    .toBe(true);
  expect(await page.getByRole("heading", { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(/^"Inter Variable"/);
});

test("the browser takes over the server's page in place: one head, its stylesheets kept, the title and canonical link following navigation", async ({
  page,
}) => {
  // Every page carries the whole route manifest (docs/decisions/038): none is asked for afterwards.
  const manifestRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/__manifest") manifestRequests.push(request.url());
  });
  // The browser build hydrates on Preact (docs/decisions/037), which pairs the head's elements with the layout's in order.
  await page.goto("/blog");
  const head = () =>
    page.evaluate(() => ({
      documentElements: document.querySelectorAll("html").length,
      titles: document.querySelectorAll("title").length,
      title: document.title,
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      feed: document.querySelector<HTMLLinkElement>('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href") ?? null,
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname.replace(/-[\w-]+\.css$/, ".css")),
      sameDocument: (window as { sameDocument?: boolean }).sameDocument ?? false,
    }));
  await expect.poll(async () => (await head()).stylesheets).toEqual(["/assets/app.css", "/assets/fonts.css"]);
  expect(await head()).toEqual({
    documentElements: 1,
    titles: 1,
    title: expect.stringMatching(/^Blog \| /),
    canonical: expect.stringMatching(/\/blog$/),
    feed: "/blog/rss.xml",
    stylesheets: ["/assets/app.css", "/assets/fonts.css"],
    sameDocument: false,
  });

  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveTitle(/^Pricing \| /);
  expect(await head()).toEqual({
    documentElements: 1,
    titles: 1,
    title: expect.stringMatching(/^Pricing \| /),
    canonical: expect.stringMatching(/\/pricing$/),
    feed: null,
    stylesheets: ["/assets/app.css", "/assets/fonts.css"],
    sameDocument: true,
  });
  // The site's stylesheet still applies (body is min-h-screen: the 720 px viewport).
  await expect(page.locator("body")).toHaveCSS("min-height", "720px");
  expect(manifestRequests).toEqual([]);
});
