import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as importRoute from "~/routes/admin/subscriber-import";
import * as exportRoute from "~/routes/resources/subscribers-export-csv";
import * as listRoute from "~/routes/admin/subscribers";
import { mailLog, newsletterImports, newsletterSubscribers, users } from "~/server/db/schema";
import { optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { importSubscribers, readSubscriberImport } from "./subscribers.server";

const database = useTestDatabase();
const owner = sessionUser({ role: "super_admin" });
const admin = sessionUser({ role: "admin" });
const tag = unique("subs");
const at = (name: string) => `${tag}-${name}@example.test`;

beforeAll(async () => {
  const db = database().db;
  for (const user of [owner, admin]) await db.insert(users).values({ id: user.id, email: user.email, name: user.name, role: user.role });
  await db.insert(newsletterSubscribers).values([
    { email: at("confirmed"), status: "confirmed", token: unique("t"), confirmedAt: new Date("2026-01-02T10:00:00Z") },
    { email: at("pending"), status: "pending", token: unique("t") },
    { email: at("left"), status: "unsubscribed", token: unique("t"), unsubscribedAt: new Date("2026-02-01T00:00:00Z") },
    { email: at("bounced"), status: "confirmed", token: unique("t"), confirmedAt: new Date("2026-01-03T00:00:00Z") },
    { email: at("optout"), status: "confirmed", token: unique("t"), confirmedAt: new Date("2026-01-04T00:00:00Z") },
  ]);
  await db
    .insert(mailLog)
    .values({
      idempotencyKey: unique("bounce"),
      kind: "announcement",
      to: at("bounced"),
      subject: "x",
      text: "x",
      html: "x",
      status: "failed",
    });
  await optOutOfMarketingMail(at("optout"));
});

const csvFile = (text: string, name = "list.csv") => new File([text], name, { type: "text/csv" }) as unknown as string;

describe("Admin → Subscribers (issue 39)", () => {
  it("lists the newsletter with each address's state, searches it and filters it by state", async () => {
    const page = await callLoader(listRoute, { path: `/admin/subscribers?q=${tag}`, user: admin });
    expect(page.rows.map((row) => [row.email, row.state])).toEqual([
      [at("bounced"), "bounced"],
      [at("confirmed"), "confirmed"],
      [at("left"), "unsubscribed"],
      [at("optout"), "unsubscribed"],
      [at("pending"), "pending"],
    ]);
    expect(page.canImport).toBe(false);
    expect(page.rows.find((row) => row.email === at("confirmed"))?.consent).toBe("Jan 2, 2026 · Sign-up on the site (confirmed by e-mail)");
    const bounced = await callLoader(listRoute, { path: `/admin/subscribers?q=${tag}&state=bounced`, user: admin });
    expect(bounced.rows.map((row) => row.email)).toEqual([at("bounced")]);
    const confirmed = await callLoader(listRoute, { path: `/admin/subscribers?q=${tag}-conf&state=confirmed`, user: admin });
    expect(confirmed).toMatchObject({ total: 1, rows: [{ email: at("confirmed") }] });
  });

  it("exports the list as filtered, as CSV", async () => {
    const response = (await callLoader(exportRoute, {
      path: `/admin/subscribers/export.csv?q=${tag}&state=unsubscribed`,
      user: admin,
    })) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("email,state,signed_up,consent_date,consent_source,unsubscribed");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual([
      `${at("left")},unsubscribed`,
      `${at("optout")},unsubscribed`,
    ]);
  });

  it("refuses a file with any line without consent, naming each line and its reason, and imports nothing", async () => {
    const before = await database().db.$count(newsletterSubscribers);
    const text = [
      "Email,Consent Date,Consent Source",
      `${at("new-1")},2026-03-01,Webinar sheet`,
      `${at("new-2")},,Webinar sheet`,
      `${at("new-3")},2026-03-01,`,
      `not-an-address,2026-03-01,Webinar sheet`,
      `${at("new-4")},31/03/2026,Webinar sheet`,
      `${at("new-5")},2999-01-01,Webinar sheet`,
      `${at("new-1")},2026-03-02,Again`,
    ].join("\n");
    const answer = await callAction(importRoute, { path: "/admin/subscribers/import", user: owner, form: { file: csvFile(text) } });
    expect(answer).toMatchObject({
      init: { status: 422 },
      data: {
        errors: { file: ["Nothing was imported: 6 lines need fixing"] },
        refusals: [
          { line: 3, message: `Line 3: ${at("new-2")} has no date of consent (consent_date)` },
          { line: 4, message: `Line 4: ${at("new-3")} has no source of consent (consent_source)` },
          { line: 5, message: "Line 5: “not-an-address” is not an e-mail address" },
          { line: 6, message: "Line 6: “31/03/2026” is not a date (write it as 2026-03-31)" },
          { line: 7, message: "Line 7: the date of consent 2999-01-01 is in the future" },
          { line: 8, message: `Line 8: ${at("new-1")} is already on line 2` },
        ],
      },
    });
    expect(await database().db.$count(newsletterSubscribers)).toBe(before);
    expect(await database().db.$count(newsletterImports)).toBe(0);
    expect(readSubscriberImport("email,consent_date\nann@example.test,2026-01-01").refusals).toEqual([
      { line: 1, message: "The first line must name the columns email, consent_date and consent_source" },
    ]);
    // A quoted cell keeps its commas and line breaks; the line counted is where the record starts.
    expect(
      readSubscriberImport('email,consent_date,consent_source\n"a@example.test",2026-01-01,"Sheet, page\n2"\nb@example.test,,x').refusals,
    ).toEqual([{ line: 4, message: "Line 4: b@example.test has no date of consent (consent_date)" }]);
  });

  it("imports confirmed subscribers with their consent, once: a second import changes nothing; unsubscribed people stay so; each import is audited", async () => {
    const text = [
      "email,consent_date,consent_source",
      `${at("new-a")},2026-03-01,Webinar sign-up sheet`,
      `${at("NEW-B")},2026-03-02T09:30:00Z,"Workshop, Berlin"`,
      `${at("pending")},2026-03-03,Old list`,
      `${at("confirmed")},2026-03-04,Old list`,
      `${at("left")},2026-03-05,Old list`,
      `${at("optout")},2026-03-06,Old list`,
    ].join("\r\n");
    const answer = (await callAction(importRoute, {
      path: "/admin/subscribers/import",
      user: owner,
      form: { file: csvFile(text, "march.csv") },
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/subscribers");

    const row = async (name: string) => {
      const [found] = await database()
        .db.select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, at(name).toLowerCase()));
      return found;
    };
    expect(await row("new-a")).toMatchObject({
      status: "confirmed",
      consentSource: "Webinar sign-up sheet",
      confirmedAt: new Date("2026-03-01T00:00:00Z"),
    });
    expect(await row("NEW-B")).toMatchObject({
      status: "confirmed",
      consentSource: "Workshop, Berlin",
      confirmedAt: new Date("2026-03-02T00:00:00Z"),
    });
    expect(await row("pending")).toMatchObject({ status: "confirmed", consentSource: "Old list" });
    expect(await row("confirmed")).toMatchObject({
      status: "confirmed",
      consentSource: null,
      confirmedAt: new Date("2026-01-02T10:00:00Z"),
    });
    expect(await row("left")).toMatchObject({ status: "unsubscribed" });
    const [audit] = await database().db.select().from(newsletterImports);
    expect(audit).toMatchObject({
      actorId: owner.id,
      actorEmail: owner.email,
      fileName: "march.csv",
      rowCount: 6,
      addedCount: 2,
      confirmedCount: 1,
      unchangedCount: 1,
      skippedUnsubscribedCount: 2,
    });

    // The same file again: nothing changes but the audit trail, which says so.
    const before = await database().db.select().from(newsletterSubscribers);
    const again = await importSubscribers({ text, fileName: "march.csv", actor: { id: owner.id, email: owner.email } });
    expect(again).toMatchObject({ ok: true, summary: { added: 0, confirmed: 0, unchanged: 4, skipped: 2 } });
    expect(await database().db.select().from(newsletterSubscribers)).toEqual(before);
    expect(await database().db.$count(newsletterImports)).toBe(2);
  });

  it("lets only the owner import", async () => {
    const { thrownResponse } = await import("../../../tests/support/route-harness");
    const refused = await thrownResponse(
      callAction(importRoute, {
        path: "/admin/subscribers/import",
        user: admin,
        form: { file: csvFile(`email,consent_date,consent_source\n${at("sneak")},2026-01-01,x`) },
      }),
    );
    expect(refused.status).toBe(403);
    expect((await callLoader(listRoute, { path: "/admin/subscribers", user: owner })).canImport).toBe(true);
  });
});
