import { expect, test } from "@playwright/test";
import { fillPost, openNewPost, signInAsAdmin, toast, uniqueTitle } from "./admin-support";

/** Each payload would set window.__xss, change the title, or open a dialog if it ever ran. */
const PAYLOADS = [
  "<script>window.__xss = 1</script>",
  '<img src="x" onerror="window.__xss = 1; document.title = \'pwned\'">',
  '<svg onload="window.__xss = 1"><circle r="5"/></svg>',
  '<iframe src="javascript:parent.__xss = 1"></iframe>',
  '<a href="javascript:window.__xss = 1">raw html link</a>',
  '<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">hover me</div>',
  "[markdown js link](javascript:window.__xss=1)",
  "[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '[titled link](https://example.com "onmouseover=alert(1)")',
  "![js image](javascript:alert(1))",
  "<javascript:alert(1)>",
  "[ref link][evil]\n\n[evil]: javascript:document.title='pwned'",
  "```<script>window.__xss=1</script>\ncode\n```",
  '<form action="javascript:alert(1)"><button>Submit</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<details open ontoggle="window.__xss = 1">x</details>',
  "## Heading <img src=x onerror=alert(1)>",
];

test("XSS payloads in a post's markdown are inert on the public post page", async ({ page }) => {
  await signInAsAdmin(page);
  const title = uniqueTitle("Security check");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await openNewPost(page);
  await fillPost(page, { title, content: `Safe opening paragraph.\n\n${PAYLOADS.join("\n\n")}\n\nSafe closing paragraph.` });
  // The admin preview uses the same pipeline: nothing runs there either.
  await expect(page.getByTestId("markdown-preview").getByText("Safe closing paragraph.")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Safe closing paragraph.")).toBeVisible();

  // Give the links a chance: clicking them must not run anything either.
  for (const name of ["markdown js link", "ref link", "raw html link"]) {
    const link = page.getByRole("link", { name, exact: true });
    if ((await link.count()) > 0) await link.first().click({ timeout: 2000 });
  }
  const hoverTarget = page.getByText("hover me");
  if ((await hoverTarget.count()) > 0) await hoverTarget.first().hover({ timeout: 2000 });
  await page.waitForTimeout(300);

  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    title: document.title,
    handlers: [...document.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => attribute.name.startsWith("on"))
        .map((attribute) => `${element.tagName}[${attribute.name}]`),
    ),
    scriptLinks: [...document.querySelectorAll("a[href], img[src], iframe[src], form[action]")]
      .map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? element.getAttribute("action") ?? "")
      .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
    payloadScripts: [...document.querySelectorAll('script:not([type="application/ld+json"])')].filter((script) =>
      script.textContent?.includes("__xss"),
    ).length,
    frames: document.querySelectorAll("article iframe, article form, article style, article object, article embed, article math").length,
  }));
  expect(state.xss).toBeUndefined();
  expect(state.title).not.toContain("pwned");
  expect(state.title).toContain(title);
  expect(state.handlers).toEqual([]);
  expect(state.scriptLinks).toEqual([]);
  expect(state.payloadScripts).toBe(0);
  expect(state.frames).toBe(0);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
});
