import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { legalPages } from "~/server/db/schema";
import { saveLegalPage } from "~/server/pages/legal-pages.server";
import { readGettingStarted } from "./getting-started.server";
import { getSiteSettings, updateSiteSettings } from "./site-settings.server";

const database = useTestDatabase();

const doneOf = async () => Object.fromEntries((await readGettingStarted()).map((step) => [step.id, step.done]));

describe("the getting-started checklist", () => {
  it("reads each step from what the school holds, and ticks it once the owner has done it", async () => {
    await database().db.delete(legalPages);
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS }, actorId: null });
    const before = await doneOf();
    expect(before).toMatchObject({ identity: false, sender: false, legal: false });

    await updateSiteSettings({
      input: {
        ...(await getSiteSettings()),
        schoolName: "Mia's Pottery School",
        logoUrl: "/media/logo.png",
        supportEmail: "hello@mia.example",
      },
      actorId: null,
    });
    // The support address is not the sender: mail still leaves from MAIL_FROM's address.
    expect(await doneOf()).toMatchObject({ identity: true, sender: false });
    await updateSiteSettings({ input: { ...(await getSiteSettings()), senderName: "Mia", senderEmail: "mia@mia.example" }, actorId: null });
    await saveLegalPage({ slug: "privacy", markdown: "Our privacy words." });
    await saveLegalPage({ slug: "terms", markdown: "Our terms." });
    expect(await doneOf()).toMatchObject({ identity: true, sender: true, legal: false });
    await saveLegalPage({ slug: "refund", markdown: "Our refund words." });
    expect(await doneOf()).toMatchObject({ identity: true, sender: true, legal: true });

    for (const step of await readGettingStarted()) expect(step.href).toMatch(/^\/admin(\/|#)/);
  });
});
