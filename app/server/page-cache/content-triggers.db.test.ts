import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { QUEUE_SCHEMA } from "~/server/jobs/queue.server";
import { useTestDatabase } from "../../../tests/support/test-database";

const database = useTestDatabase();

/**
 * Every table is either content an anonymous page shows (a write to it empties the page caches,
 * through a page_cache trigger, drizzle/0011) or not. A new table must be put on one list here,
 * and a content table given its trigger in a migration: nothing a public page shows may stay stale.
 */
const CONTENT = [
  "courses",
  "course_modules",
  "lessons",
  "lesson_video_streams",
  "reviews",
  "posts",
  "playbooks",
  "testimonials",
  "site_settings",
  "users",
  "quizzes",
  "quiz_questions",
  "pages",
  "page_sections",
  // Listed on their lesson's page, which a visitor may be served from the cache (a preview lesson).
  "lesson_files",
  "legal_pages",
  "navigation_links",
  "social_links",
  // The catalog's topic pills and filters.
  "topics",
  // Bundles: their page, the catalog, their courses' pages ("Also in") and the sitemap.
  "bundles",
  "bundle_courses",
];
const NOT_CONTENT = [
  // Per person, or never on a public page. Enrollments only move the learner counts on course
  // cards, which catch up within the cache's five minutes (docs/decisions/022).
  "sessions",
  "accounts",
  "verifications",
  "two_factors",
  "jwks",
  "rate_limits",
  "enrollments",
  "course_learner_counts",
  "access_events",
  "owner_setup_codes",
  "lesson_progress",
  "saved_courses",
  "post_views",
  "course_views",
  "newsletter_subscribers",
  "newsletter_imports",
  "contact_messages",
  "orders",
  "order_lines",
  "invoices",
  "invoice_counters",
  // The owner's tax rates: read only by checkout (signed in, never cached) and Admin → Tax.
  "tax_rates",
  "subscriptions",
  "payment_webhook_events",
  // Verification pages are never cached (not on the public-page list).
  "certificates",
  // A learner's drip override: only their own lesson pages change.
  "drip_overrides",
  // Discount codes: read only by checkout and the back office, never by a cached page.
  "coupons",
  // Order bumps: read only by checkout (never cached) and the course's edit page.
  "course_bumps",
  // One-click upsells: read only by the offer page after a purchase (never cached) and the course's edit page.
  "course_upsells",
  // Checkouts a signed-in person opened: read only by the reminder job.
  "checkout_starts",
  // A learner's quiz attempts and answers: their own lesson page and the admin's screens.
  "quiz_attempts",
  "quiz_answers",
  // Outgoing mail, shown only on the admin's System screen, and the addresses that refuse marketing mail.
  "mail_log",
  "mail_opt_outs",
  "announcements",
  // Discussions are read per person, never from a cached page: a visitor's lesson page carries only
  // a link to them (docs/decisions/044).
  "discussion_posts",
  "discussion_helpful_marks",
  "discussion_follows",
  "discussion_notifications",
  "discussion_bans",
  "discussion_mail_settings",
  // A course's instructors: staff powers in its discussions, which no cached page shows (decision 057).
  "course_instructors",
  // The REST API's keys and the webhooks: the back office and the API only.
  "api_keys",
  "webhook_endpoints",
  "webhook_deliveries",
  // The affiliate program: the back office, the affiliate's own page and checkout; a referral link
  // is answered by a redirect before the cache (docs/decisions/063).
  "affiliate_settings",
  "affiliates",
  "affiliate_clicks",
  "affiliate_commissions",
  "affiliate_payouts",
  "affiliate_signups",
  // A person's "Download my data" copies: the account page and the person's own link only.
  "data_exports",
];

describe("the page cache's triggers", () => {
  it("cover every content table and no other", async () => {
    const tables = (await database().db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    )) as unknown as { name: string }[] | { rows: { name: string }[] };
    const names = (Array.isArray(tables) ? tables : tables.rows).map((row) => row.name).sort();
    expect(names, "a table on neither list: classify it here").toEqual([...CONTENT, ...NOT_CONTENT].sort());

    const triggers = (await database().db.execute<{ table: string }>(
      sql`select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where p.proname = 'page_cache_content_changed'`,
    )) as unknown as { table: string }[] | { rows: { table: string }[] };
    const triggered = (Array.isArray(triggers) ? triggers : triggers.rows).map((row) => row.table).sort();
    expect(triggered).toEqual([...CONTENT].sort());
  });

  it("leave the job queue's own tables alone: pg-boss writes them every few seconds while its workers poll", async () => {
    const rows = (await database().db.execute<{ name: string; triggered: boolean }>(
      sql`select c.relname as name, exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as triggered
          from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${QUEUE_SCHEMA} and c.relkind in ('r', 'p')`,
    )) as unknown as { name: string; triggered: boolean }[] | { rows: { name: string; triggered: boolean }[] };
    const tables = Array.isArray(rows) ? rows : rows.rows;
    expect(tables.map((table) => table.name)).toContain("job");
    expect(tables.filter((table) => table.triggered).map((table) => table.name)).toEqual([]);
  });
});
