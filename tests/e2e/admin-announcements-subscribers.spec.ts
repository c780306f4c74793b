import { expect, test, type Page } from "@playwright/test";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

const axeViolations = async (page: Page) => (await wcagScan(page)).violations.map((violation) => violation.id);

const demo = loadDemoSchool();

test("an announcement says how many people will get it and is sent only once that number is confirmed", async ({ page }) => {
  const subject = uniqueTitle("Week 4 is live");
  await signInAsAdmin(page);
  await page.goto("/admin/announcements/new");
  await waitForHydration(page);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Send to").selectOption({ label: "Learners of one course" });
  await page.getByLabel("Course", { exact: true }).selectOption({ label: demo.courses[0].title });
  await page.getByLabel("Message (Markdown)").fill("Watch **the new lesson** [here](https://example.test/lesson).");
  await page.getByRole("button", { name: "Send announcement" }).click();

  // The confirmation step: the count, and nothing sent yet.
  const question = page.getByRole("heading", { level: 2, name: /^Send this announcement to [\d,]+ (people|person)\?$/ });
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  const count = (await question.textContent())!.match(/to ([\d,]+)/)![1];
  await expect(page.getByRole("button", { name: "Send announcement" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Changing the draft leaves the step; sending again asks again.
  await page.getByRole("button", { name: "Change the draft" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await page.getByRole("button", { name: "Send announcement" }).click();
  await page.getByRole("button", { name: new RegExp(`^Send to ${count} (people|person)$`) }).click();

  await expect(page).toHaveURL(/\/admin\/announcements$/);
  await expect(toast(page, "Sending the announcement")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: subject })).toHaveCount(1);
});

test("the owner imports subscribers, finds one by search and exports the list as shown", async ({ page }) => {
  const tag = uniqueTitle("subs").replace(/\W+/g, "-").toLowerCase();
  const email = `${tag}@e2e.test`;
  await signInAsAdmin(page);
  await page.goto("/admin/subscribers");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await page.getByRole("link", { name: "Import subscribers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import subscribers" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A line without consent refuses the file, naming the line.
  const csv = (rows: string[]) => ({
    name: "list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["email,consent_date,consent_source", ...rows].join("\n")),
  });
  await page.getByLabel("CSV file").setInputFiles(csv([`${email},2026-03-01,Webinar sheet`, `other-${email},,Webinar sheet`]));
  await page.getByRole("button", { name: "Import subscribers" }).click();
  await expect(page.getByText(`Line 3: other-${email} has no date of consent (consent_date)`)).toBeVisible();
  await expect(page.getByText("Nothing was imported: 1 line needs fixing")).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles(csv([`${email},2026-03-01,Webinar sheet`]));
  await page.getByRole("button", { name: "Import subscribers" }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await expect(toast(page, "Imported: 1 added")).toBeVisible();

  const search = page.getByLabel("Search subscribers by email or source");
  await search.fill(tag);
  await page.getByLabel("State").selectOption({ label: "Confirmed" });
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]state=confirmed/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Confirmed")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toBe("email,state,signed_up,consent_date,consent_source,unsubscribed");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${email.replace(/\./g, "\\.")},confirmed,.*,2026-03-01T00:00:00.000Z,Webinar sheet,$`));
});
