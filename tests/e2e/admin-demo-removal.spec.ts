import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, toast, waitForHydration } from "./admin-support";
import { grantAccess } from "./learning-support";

/**
 * "Remove the demo content" empties the school of the demo for good, so this spec runs last of all
 * (its own project, after the school-wide settings): every other spec reads the demo.
 */

/** The demo's courses (content/demo/courses). Specs before this one buy some of them, so those stay. */
const DEMO_COURSES = [
  "shopify-101",
  "chatgpt-for-store-owners",
  "the-perfect-prompt",
  "shopify-growth-and-fulfillment",
  "n8n-automation-for-ecommerce",
  "vibe-coding-with-lovable",
  "custom-gpts-for-business",
];

/** The demo's posts (content/demo/posts/NN-<slug>.md). Specs before this one write posts of their own, and those stay. */
const POSTS_DIR = path.join(process.cwd(), "content/demo/posts");
const DEMO_POSTS = readdirSync(POSTS_DIR)
  .filter((file) => file.endsWith(".md"))
  .map((file) => ({
    slug: file.replace(/^\d+-/, "").replace(/\.md$/, ""),
    title: /^title:\s*(.+)$/m.exec(readFileSync(path.join(POSTS_DIR, file), "utf8"))![1]!.trim().replace(/^'(.*)'$/, "$1").replace(/''/g, "'"),
  }));

test("the owner removes the demo content after a confirmation that names the counts; what they made stays", async ({ page }) => {
  await signInAsAdmin(page);
  const titles = new Map<string, string>();
  for (const slug of DEMO_COURSES) {
    await page.goto(`/courses/${slug}`);
    titles.set(slug, (await page.getByRole("heading", { level: 1 }).innerText()).trim());
  }
  // Someone real (the owner here; buyers in the specs before this one) holds this one, so it stays.
  const held = "custom-gpts-for-business";
  await grantAccess(page, process.env.E2E_ADMIN_EMAIL!, titles.get(held)!);
  // The demo's posts are on the blog before.
  await page.goto(`/blog/${DEMO_POSTS[0]!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: DEMO_POSTS[0]!.title })).toBeVisible();
  await page.goto("/admin");
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Demo content" });
  await expect(card).toContainText(/Your school still holds the demo: \d+ courses \(\d+ lessons\), \d+ posts, \d+ playbooks, \d+ testimonials/);
  // The card names the demo courses that stay because someone real holds them.
  const cardText = await card.innerText();
  const kept = DEMO_COURSES.filter((slug) => cardText.includes(`“${titles.get(slug)}”`));
  expect(kept).toContain(held);
  expect(kept.length).toBeLessThan(DEMO_COURSES.length);
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();

  await card.getByRole("button", { name: "Remove the demo content" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove the demo content?" });
  await expect(dialog).toContainText(/This removes \d+ courses/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: "Remove the demo content" }).click();
  await dialog.getByRole("button", { name: "Remove the demo content" }).click();
  await expect(toast(page, "Demo content removed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Demo content" })).toHaveCount(0);

  // The public site no longer shows the demo's courses or posts, but a kept course is still there.
  for (const slug of DEMO_COURSES) {
    await page.goto(`/courses/${slug}`);
    if (kept.includes(slug)) await expect(page.getByRole("heading", { level: 1, name: titles.get(slug) })).toBeVisible();
    else await expect(page.getByRole("heading", { name: /not found/i }).first()).toBeVisible();
  }
  // Every demo post is gone from the blog and answers "not found"; posts the owner wrote stay.
  expect(DEMO_POSTS.length).toBeGreaterThan(0);
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const post of DEMO_POSTS) await expect(page.getByText(post.title, { exact: true })).toHaveCount(0);
  for (const post of DEMO_POSTS) {
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { name: /not found/i }).first()).toBeVisible();
  }
});
