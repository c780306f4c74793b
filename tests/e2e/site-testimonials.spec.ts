import { expect, test, type Page } from "@playwright/test";

const cards = (page: Page) => page.getByRole("list", { name: "Testimonials" }).getByRole("article");

test("search waits 150 ms after the last keystroke, then filters and mirrors the URL", async ({ page }) => {
  // The page's clock is paused, so a busy machine cannot stretch the gaps between keystrokes:
  // the test moves time on by hand, 40 ms per keystroke, then up to the 150 ms debounce.
  await page.clock.install();
  await page.goto("/testimonials");
  await expect(cards(page)).toHaveCount(9);
  const search = page.getByRole("searchbox", { name: "Search testimonials" });
  // The browser build hydrates the page in one pass as it makes React Router's router (docs/decisions/037).
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter));
  await page.clock.pauseAt(Date.now() + 60_000);
  const loads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/testimonials.data")) loads.push(request.url());
  });
  for (const letter of "scorecard") {
    await search.press(letter);
    await page.clock.runFor(40);
  }
  await page.clock.runFor(100);
  expect(loads).toEqual([]);
  await page.clock.runFor(20);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/testimonials\?q=scorecard$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole("heading", { name: "Jonah Whitfield" })).toBeVisible();
  expect(loads).toHaveLength(1);
});

test("category tabs and sort by rating", async ({ page }) => {
  await page.goto("/testimonials");
  const tabs = page.getByRole("navigation", { name: "Testimonial categories" });
  await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Automation" }).click();
  await expect(page).toHaveURL(/\?category=automation$/);
  await expect(tabs.getByRole("link", { name: "Automation" })).toHaveAttribute("aria-current", "page");
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  await expect(cards(page).getByText("Automation", { exact: true })).toHaveCount(count);

  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Highest rated" });
  await expect(page).toHaveURL(/\?category=automation&sort=rating$/);
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(/\/testimonials\?sort=rating$/);
  const ratings = await cards(page)
    .getByRole("img", { name: /^Rated \d out of 5$/ })
    .evaluateAll((elements) => elements.map((element) => Number(element.getAttribute("aria-label")!.match(/\d/)![0])));
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
});

test("long quotes collapse with Read more, and one card is expanded at a time", async ({ page }) => {
  await page.goto("/testimonials");
  const toggles = page.getByRole("button", { name: /^Read more/ });
  expect(await toggles.count()).toBeGreaterThanOrEqual(2);
  // Pin the two cards by their author, so the locators survive the buttons' label changes.
  const collapsible = cards(page).filter({ has: page.getByRole("button", { name: /^Read more/ }) });
  const [firstName, secondName] = [
    await collapsible.nth(0).getByRole("heading").textContent(),
    await collapsible.nth(1).getByRole("heading").textContent(),
  ];
  const first = cards(page).filter({ has: page.getByRole("heading", { name: firstName!, exact: true }) });
  const second = cards(page).filter({ has: page.getByRole("heading", { name: secondName!, exact: true }) });
  const firstQuote = first.locator("blockquote");
  const collapsed = (await firstQuote.textContent())!;
  expect(collapsed.endsWith("…”")).toBe(true);
  expect(collapsed.length).toBeLessThanOrEqual(183);

  await first.getByRole("button", { name: /^Read more/ }).click();
  await expect(first.getByRole("button", { name: /^Read less/ })).toHaveAttribute("aria-expanded", "true");
  expect(((await firstQuote.textContent()) ?? "").length).toBeGreaterThan(collapsed.length);

  await second.getByRole("button", { name: /^Read more/ }).click();
  await expect(second.getByRole("button", { name: /^Read less/ })).toBeVisible();
  await expect(first.getByRole("button", { name: /^Read more/ })).toHaveAttribute("aria-expanded", "false");
  await expect(firstQuote).toHaveText(collapsed);

  await second.getByRole("button", { name: /^Read less/ }).click();
  await expect(page.getByRole("button", { name: /^Read less/ })).toHaveCount(0);
});

test("no match shows the empty state; the page has a newsletter box and calls to action", async ({ page }) => {
  await page.goto("/testimonials?q=zzzz-nothing-matches");
  await expect(page.getByText("No testimonials found matching your criteria.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(cards(page)).toHaveCount(9);
  const newsletter = page.getByRole("region", { name: "Get Playbooks" });
  await expect(newsletter.getByRole("textbox", { name: "Email address" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join the membership" })).toHaveAttribute("href", "/pricing#membership");
});
