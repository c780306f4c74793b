import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { signInAsAdmin, waitForHydration } from "./admin-support";

/**
 * The site's Content-Security-Policy refuses nothing the site itself does: every public page in
 * the sitemap (and the sign-in pages), and the admin's screens, load and hydrate with no
 * `securitypolicyviolation` event. (zod's eval probe, once in every public page's bundle, was one.)
 */

type Recorded = { __cspViolations?: string[] };

async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const recorded: string[] = [];
    (window as Recorded).__cspViolations = recorded;
    document.addEventListener("securitypolicyviolation", (event) => {
      recorded.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

async function violationsOn(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await waitForHydration(page);
  // A violation is reported asynchronously: give the event loop a moment to deliver any.
  await page.waitForTimeout(100);
  return page.evaluate(() => (window as Recorded).__cspViolations ?? []);
}

test("no public page breaks the Content-Security-Policy", async ({ page, context }) => {
  test.setTimeout(120_000);
  await recordViolations(context);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  expect(fromSitemap.length).toBeGreaterThan(10);
  // Every kind of page, a few of each (three courses, three posts, …): the same route loads the same scripts.
  const perKind = new Map<string, string[]>();
  for (const path of fromSitemap) {
    // "/courses/a" and "/courses/a/lessons/b" are different kinds: the first segment and the depth.
    const segments = path.split("/").filter(Boolean);
    const kind = `${segments[0] ?? ""}/${segments.length}`;
    const seen = perKind.get(kind) ?? [];
    if (seen.length < 3) perKind.set(kind, [...seen, path]);
  }
  const paths = [...new Set([...[...perKind.values()].flat(), "/login", "/signup", "/reset-password", "/contact", "/newsletter"])];
  const found: string[] = [];
  for (const path of paths) for (const violation of await violationsOn(page, path)) found.push(`${path}: ${violation}`);
  expect(found).toEqual([]);
});

test("no admin screen breaks the Content-Security-Policy", async ({ page, context }) => {
  test.setTimeout(90_000);
  await recordViolations(context);
  await signInAsAdmin(page);
  const found: string[] = [];
  for (const path of ["/admin", "/admin/blog", "/admin/blog/new", "/admin/courses", "/admin/courses/new", "/admin/users", "/admin/orders", "/admin/settings", "/account"]) {
    for (const violation of await violationsOn(page, path)) found.push(`${path}: ${violation}`);
  }
  expect(found).toEqual([]);
});
