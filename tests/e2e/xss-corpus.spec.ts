import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createCookie } from "react-router";
import * as templates from "../../app/server/mail/templates.server";
import { decodeQuotedPrintable } from "./site-mail";
import { allAsMarkdown, PAYLOADS, payloadChunks } from "./xss-payloads";

/**
 * The attack suite's XSS corpus (issue 22) in Chromium. A production server of its own, on a
 * fresh data directory that xss-seed.ts filled with the corpus in every rendered field (school
 * name, tagline, courses, lessons and embeds, quizzes, reviews, posts, testimonials, playbooks,
 * people's names, coupons, orders, announcements), so the shared e2e school keeps its content.
 * Each page is opened with a sentinel: `__xss(id)` records a payload that ran, as does any
 * dialog or Content-Security-Policy violation (the site itself causes none: csp-violations.spec.ts),
 * and the DOM may hold no event-handler attribute and no script-scheme URL.
 */

const SECRET = "xss-secret-xss-secret-xss-secret-xss-secret";
const ADMIN = { email: "xss-admin@e2e.test", password: "xss-admin-password" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-xss-"));
let base = "";
let server: ChildProcess | undefined;
let seeded: { course: string; lessons: string[]; post: string; quizLessonId: string };

test.describe.configure({ mode: "serial" });

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    BUILD_DIR: process.env.E2E_BUILD_DIR ?? "build",
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_SECRET: SECRET,
    RATE_LIMIT_PER_IP_MULTIPLIER: "100",
    LOG_LEVEL: "warn",
  };
  const seed = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/xss-seed.ts"], { env, encoding: "utf8" });
  expect(seed.status, seed.stderr).toBe(0);
  seeded = JSON.parse(seed.stdout.trim().split("\n").at(-1)!);
  server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
  await expect(async () => expect((await fetch(`${base}/healthz`)).ok).toBe(true)).toPass({ timeout: 120_000 });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Sentinel = { __xssFired?: string[] };

/** Records every payload that runs, every CSP violation and every dialog, in every frame. */
async function armSentinel(context: BrowserContext) {
  await context.addInitScript(() => {
    const top = window.top === window ? window : null;
    const fired: string[] = [];
    if (top) (window as Sentinel).__xssFired = fired;
    const record = (what: string) => ((window.top as Sentinel | null)?.__xssFired ?? fired).push(what);
    (window as unknown as { __xss: (id: unknown) => void }).__xss = (id) => record(`payload ${String(id)} ran`);
    document.addEventListener("securitypolicyviolation", (event) =>
      record(`CSP ${event.violatedDirective} blocked ${event.blockedURI || "inline"}: ${event.sample}`),
    );
  });
  const dialogs: string[] = [];
  context.on("dialog", (dialog) => {
    dialogs.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** What the page's DOM shows of a payload that got through, even one that has not run (yet). */
function domFindings(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const scriptScheme = /^(?:javascript|vbscript|data):/i;
    const urlAttributes = ["href", "src", "action", "formaction", "data", "xlink:href", "poster", "background", "srcdoc"];
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        const value = attribute.value.replace(/[\s\p{Cc}]/gu, "");
        if (attribute.name.startsWith("on")) found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
        else if (urlAttributes.includes(attribute.name) && scriptScheme.test(value) && !(element.localName === "img" && value.startsWith("data:image/")))
          found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
    }
    // Elements a payload could have added (an injected script either runs or trips the CSP, and the
    // sentinel hears both): the site has no <base>, refresh, object or embed, and none of its
    // frames or styles mentions the sentinel.
    // Links other sites and tools follow (Open Graph images, canonical URLs) are http(s) or site paths.
    for (const meta of document.querySelectorAll("meta[content]")) {
      const content = meta.getAttribute("content")!.replace(/[\s\p{Cc}]/gu, "");
      if (/(image|url)$/i.test(meta.getAttribute("property") ?? meta.getAttribute("name") ?? "") && scriptScheme.test(content)) found.push(meta.outerHTML);
    }
    for (const element of document.querySelectorAll("base, meta[http-equiv], object, embed")) found.push(element.outerHTML.slice(0, 120));
    for (const element of document.querySelectorAll("iframe, style")) {
      if (element.outerHTML.includes("__xss")) found.push(element.outerHTML.slice(0, 120));
    }
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      try {
        JSON.parse(script.textContent ?? "");
      } catch {
        found.push(`JSON-LD broken: ${script.textContent?.slice(0, 120)}`);
      }
    }
    return found;
  });
}

async function findingsOn(page: Page, dialogs: string[], url: string) {
  const response = await page.goto(url.startsWith("http") ? url : `${base}${url}`);
  expect(response?.status(), url).toBeLessThan(500);
  await page.waitForLoadState("load");
  // Hydration re-renders everything: what the server sent and what React builds both count.
  await page
    .waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter), null, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
  const fired = await page.evaluate(() => (window as Sentinel).__xssFired ?? []);
  const found = [...fired, ...(await domFindings(page)), ...dialogs.splice(0)];
  return found.map((finding) => `${url}: ${finding}`);
}

/** Opens `html` as a document of its own (a mail as a reader shows it: no CSP), with the sentinel armed. */
async function openHtml(page: Page, html: string) {
  const url = `${base}/__xss-render/${crypto.randomUUID()}`;
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  await page.goto(url);
  await page.waitForTimeout(100);
}

async function signIn(page: Page) {
  const response = await page.request.post(`${base}/api/auth/sign-in/email`, { data: ADMIN, headers: { Origin: base } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

const q = (value: string) => encodeURIComponent(value);
const [chunkA, chunkB] = payloadChunks(6);

test("no payload runs on the public pages, signed out", async ({ page, context }) => {
  test.setTimeout(120_000);
  const dialogs = await armSentinel(context);
  const paths = [
    "/",
    "/courses",
    `/courses?q=${q(chunkA!)}`,
    `/catalog?q=${q(chunkB!)}&level=${q(chunkA!)}&topic=${q(chunkB!)}&sort=${q(chunkA!)}`,
    `/courses/${seeded.course}`,
    `/courses/xss-course-1`,
    `/courses/${seeded.course}/lessons/article`,
    "/blog",
    `/blog?q=${q(chunkA!)}`,
    `/blog?tag=${q(chunkB!)}&category=${q(chunkA!)}`,
    `/blog/${seeded.post}`,
    "/playbooks",
    `/playbooks?q=${q(chunkA!)}&category=${q(chunkB!)}`,
    "/testimonials",
    "/pricing",
    "/about",
    "/contact",
    "/newsletter",
    `/login?next=${q("javascript:__xss(80)")}&error=${q(chunkA!)}`,
    `/signup?next=${q(chunkB!)}`,
    `/reset-password?error=${q(chunkA!)}`,
    `/${q(chunkA!)}`,
    `/certificates/${q(chunkB!)}`,
  ];
  const found: string[] = [];
  for (const url of paths) found.push(...(await findingsOn(page, dialogs, url)));
  expect(found).toEqual([]);
});

test("no payload runs in a lesson, its embeds or its quiz, for the admin", async ({ page, context }) => {
  test.setTimeout(120_000);
  const dialogs = await armSentinel(context);
  await signIn(page);
  const found: string[] = [];
  for (const lesson of seeded.lessons) found.push(...(await findingsOn(page, dialogs, `/courses/${seeded.course}/lessons/${lesson}`)));
  expect(found).toEqual([]);
});

test("no payload runs in the admin's screens and list searches", async ({ page, context }) => {
  test.setTimeout(120_000);
  const dialogs = await armSentinel(context);
  await signIn(page);
  const lists = ["blog", "courses", "users", "orders", "coupons", "quizzes", "reviews", "announcements"];
  const paths = [
    "/admin",
    ...lists.flatMap((list) => [`/admin/${list}`, `/admin/${list}?q=${q(chunkA!)}&status=${q(chunkB!)}&sort=${q(chunkA!)}`]),
    "/admin/users/xss-user-0",
    `/admin/quizzes/${seeded.quizLessonId}`,
    "/admin/analytics",
    "/admin/settings",
    "/admin/announcements/new",
    "/account",
  ];
  const found: string[] = [];
  for (const url of paths) found.push(...(await findingsOn(page, dialogs, url)));
  // The editors: the course builder and the post editor load the payloads into their fields and previews.
  await page.goto(`${base}/admin/courses`);
  const builder = await page.locator('a[href^="/admin/courses/builder/"]').first().getAttribute("href");
  const editor = await page.locator('a[href$="/edit"]').first().getAttribute("href");
  await page.goto(`${base}/admin/blog`);
  const postEditor = await page.locator('a[href^="/admin/blog/"][href$="/edit"]').first().getAttribute("href");
  for (const url of [builder, editor, postEditor]) {
    expect(url).toBeTruthy();
    found.push(...(await findingsOn(page, dialogs, url!)));
  }
  expect(found).toEqual([]);
});

test("the announcement preview and its test mail, and the contact mail, are inert", async ({ page, context }) => {
  test.setTimeout(90_000);
  const dialogs = await armSentinel(context);
  await signIn(page);
  const found = await findingsOn(page, dialogs, "/admin/announcements/new");
  await page.getByLabel("Subject").fill(chunkA!);
  await page.getByLabel("Message (Markdown)").fill(allAsMarkdown());
  await expect(page.getByRole("region", { name: /preview/i }).getByText("click 30")).toBeVisible();
  await page.getByRole("button", { name: /test/i }).click();
  await page.waitForTimeout(300);
  found.push(...(await page.evaluate(() => (window as Sentinel).__xssFired ?? [])), ...(await domFindings(page)));

  await page.goto(`${base}/contact`);
  await page.locator("#contact-name").fill(PAYLOADS[4]!.text);
  await page.locator("#contact-email").fill("xss-contact@e2e.test");
  await page.locator("#contact-message").fill(allAsMarkdown());
  await page.locator("#contact-message").press("Tab");
  await page.locator('form:has(#contact-message) button[type="submit"]').click();
  await expect(page).toHaveURL(/sent=1/);

  // Every mail in the outbox (confirmations, the test announcement, the contact message) rendered as a mail reader would.
  const outbox = path.join(dataDir, "outbox");
  await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith(".eml")).length : 0)).toBeGreaterThanOrEqual(2);
  for (const file of fs.readdirSync(outbox).filter((name) => name.endsWith(".eml"))) {
    const raw = fs.readFileSync(path.join(outbox, file), "utf8");
    const subject = /^Subject: .*$/m.exec(raw)?.[0] ?? "";
    expect(subject, file).not.toMatch(/[\r\n]/);
    const html = /<!doctype html>[\s\S]*<\/html>/i.exec(decodeQuotedPrintable(raw))?.[0];
    if (!html) continue;
    await openHtml(page, html);
    found.push(...(await page.evaluate(() => (window as Sentinel).__xssFired ?? [])).map((finding) => `${file}: ${finding}`));
    found.push(...(await domFindings(page)).map((finding) => `${file}: ${finding}`));
  }
  found.push(...dialogs);
  expect(found).toEqual([]);
});

test("the sentinel hears a payload that runs, one the CSP blocks, and one left in the DOM (the control)", async ({ page, context }) => {
  const dialogs = await armSentinel(context);
  await openHtml(page, '<img src=x onerror="__xss(0)"><a href="javascript:void 0">x</a>');
  await expect.poll(() => page.evaluate(() => (window as Sentinel).__xssFired ?? [])).toEqual(["payload 0 ran"]);
  expect(await domFindings(page)).toHaveLength(2);
  const blocked = await findingsOn(page, dialogs, `/blog?q=${q("x")}`);
  expect(blocked).toEqual([]);
  // Markup that got into a page of the site: its CSP refuses the handler, and the sentinel hears that.
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img src="/x-missing.png" onerror="__xss(0)">'));
  await expect.poll(() => page.evaluate(() => (window as Sentinel).__xssFired ?? [])).toEqual([expect.stringMatching(/^CSP script-src/)]);
});

test("every mail template keeps the corpus as text", async ({ page, context }) => {
  const dialogs = await armSentinel(context);
  const found: string[] = [];
  for (const payload of PAYLOADS) {
    const text = payload.text;
    // Links in mail are the server's own (PUBLIC_URL and a token); what a person typed can only end up inside one.
    const url = `https://school.example/confirm?token=${text}`;
    const mails = [
      templates.verifyEmailMail({ schoolName: text, url }),
      templates.existingAccountMail({ schoolName: text, email: text, origin: "https://school.example" }),
      templates.resetPasswordMail({ schoolName: text, email: text, url }),
      templates.newsletterConfirmMail({ schoolName: text, confirmUrl: url, unsubscribeUrl: url }),
      templates.contactMessageMail({ schoolName: text, name: text, email: text, message: text, messageId: text }),
      templates.duplicateOrderRefundMail({ schoolName: text, itemTitle: text, amount: text, orderId: text, testMode: true, url }),
      templates.orderReceiptMail({ schoolName: text, itemTitle: text, amount: text, paidOn: text, discount: text, orderId: text, membership: text, testMode: true, url }),
      templates.certificateIssuedMail({ schoolName: text, learnerName: text, courseTitle: text, number: text, url }),
      templates.dripOpenedMail({ schoolName: text, learnerName: text, modules: [{ moduleTitle: text, courseTitle: text, url }], unsubscribeUrl: url }),
      templates.announcementMail({ schoolName: text, subject: text, bodyHtml: "<p>body</p>", bodyText: text, unsubscribeUrl: url }),
    ];
    await openHtml(page, mails.map((mail) => mail.html.replace(/<\/?(?:!doctype html|html|body)[^>]*>/gi, "")).join("\n"));
    found.push(...(await page.evaluate(() => (window as Sentinel).__xssFired ?? [])), ...(await domFindings(page)));
  }
  expect([...found, ...dialogs]).toEqual([]);
});

test("a toast carrying the corpus shows it as text", async ({ page, context }) => {
  const dialogs = await armSentinel(context);
  const cookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [SECRET] });
  const found: string[] = [];
  for (const [index, message] of payloadChunks(3).entries()) {
    const value = await cookie.serialize({ id: `xss-${index}`, kind: index % 2 ? "error" : "success", message, description: message });
    await context.addCookies([{ name: "toast", value: value.split(";")[0]!.slice("toast=".length), url: base }]);
    found.push(...(await findingsOn(page, dialogs, "/")));
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  }
  expect(found).toEqual([]);
});
