import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { linkIn, newestMail, signUpConfirmed, uniqueEmail } from "./accounts-helpers";
import { signInAsAdmin, signInAsNewLearner, toast, waitForHydration } from "./admin-support";

/** Issue 43: a learner's own data by e-mailed link, and learners brought in from a CSV file. */

const demo = loadDemoSchool();

test("Download my data: the e-mail's link downloads a ZIP of the learner's data, for them only", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = { name: "Data Owner", email: uniqueEmail("my-data"), password: "my-data-password-1" };
  await signUpConfirmed(page, user);
  const askedAt = Date.now();
  await page.getByRole("button", { name: "Download my data" }).click();
  await expect(toast(page, "Your data is being prepared: we will e-mail you a link")).toBeVisible();
  // The account page says it is being prepared, or (the worker being quick) that it is ready.
  await expect(page.getByText(/Your data is being prepared \(asked|Your latest copy is ready until/)).toBeVisible();

  const mail = await newestMail(user.email, /Subject: Your data from .+ is ready to download/, { after: askedAt - 1000 });
  const link = linkIn(mail, /^\/account\/data-export\/[0-9a-f-]{36}$/);
  // The page's own session downloads it: a ZIP whose profile is this learner's.
  const download = await page.request.get(link);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await download.body()));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["profile.json", "orders.json", "enrollments.json", "discussions.json"]));
  expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ email: user.email, name: user.name });

  await page.reload();
  await expect(page.getByRole("link", { name: "Download the latest copy of my data" })).toBeVisible();

  // Another signed-in person, with the same link, gets nothing.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAsNewLearner(other);
  expect((await other.request.get(link)).status()).toBe(404);
  await otherContext.close();
});

test("an admin imports learners from a CSV: the dry run, then the import, and the learner is in Users", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("imported");
  const course = demo.courses[0]!;
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("link", { name: "Import learners" }).click();
  await expect(page.getByRole("heading", { name: "Import learners" })).toBeVisible();
  await waitForHydration(page);

  const csv = `email,name,courses\n${email},Imported Ivy,${course.slug}\nnot-an-address,Nobody,\n`;
  await page.getByLabel("CSV file").setInputFiles({ name: "learners.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload the file" }).click();
  await expect(page.getByText("learners.csv: 2 rows. Say which column holds what.")).toBeVisible();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("0");
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  await expect(page.getByText("1 to create, 0 to update, 0 unchanged, 1 refused.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "not-an-address" })).toContainText("“not-an-address” is not an e-mail address");
  await expect(page.getByRole("button", { name: /^Import \d+ learners?$/ })).toHaveCount(0);

  // The refused row fixed: the file is uploaded again.
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "learners.csv", mimeType: "text/csv", buffer: Buffer.from(`email,name,courses\n${email},Imported Ivy,${course.slug}\n`) });
  await page.getByRole("button", { name: "Upload the file" }).click();
  // The new upload's mapping step (the URL has no mapping yet), not the old dry run.
  await expect(page).toHaveURL(/\?upload=[0-9a-f-]+&file=learners\.csv$/);
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  await expect(page.getByText("1 to create, 0 to update, 0 unchanged, 0 refused.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Created");
  await page.getByLabel(/Send each new learner a welcome e-mail/).check();
  const importedAt = Date.now();
  await page.getByRole("button", { name: "Import 1 learner" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(toast(page, "Imported: 1 created, 0 updated, 0 unchanged")).toBeVisible();

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
  const welcome = await newestMail(email, /Subject: Welcome to /, { after: importedAt - 1000 });
  expect(welcome).toContain(course.title);
  expect(linkIn(welcome, /^\/reset-password\/new$/)).toContain("token=");
});
