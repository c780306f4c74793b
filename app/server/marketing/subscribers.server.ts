import crypto from "node:crypto";
import { and, count, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/forms/zod";
import { formatIsoDay } from "~/lib/dates";
import { csvRow, parseCsv, CsvSyntaxError } from "~/lib/csv";
import {
  SUBSCRIBER_EXPORT_COLUMNS,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_MESSAGES,
  SUBSCRIBERS_MAX_QUERY_LENGTH,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberState,
} from "~/lib/subscribers";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { mailOptOuts, newsletterImports, newsletterSubscribers } from "~/server/db/schema";

/**
 * Admin → Subscribers (issue 39): the newsletter's list with each address's state, its CSV export,
 * and the import of subscribers who consented elsewhere.
 *
 * The state is read, not stored twice: "unsubscribed" when the row says so or the address refused
 * all marketing mail (the one-click unsubscribe), "bounced" when mail to it failed for good (as
 * announcements skip it), else the row's own status (confirmed or pending).
 */
// Spelled out with aliases: inside a single-table select Drizzle writes columns unqualified.
const subscriberState = sql<SubscriberState>`case
  when "newsletter_subscribers"."status" = 'unsubscribed'
    or exists (select 1 from mail_opt_outs o where o.email = lower("newsletter_subscribers"."email")) then 'unsubscribed'
  when exists (select 1 from mail_log m where lower(m."to") = lower("newsletter_subscribers"."email") and m.status = 'failed') then 'bounced'
  else "newsletter_subscribers"."status"
end`;

type SubscriberQuery = { query?: string; state?: SubscriberState | null };

function subscriberWhere({ query = "", state = null }: SubscriberQuery) {
  return and(
    anyColumnContains({
      columns: [newsletterSubscribers.email, newsletterSubscribers.consentSource],
      text: query,
      maxLength: SUBSCRIBERS_MAX_QUERY_LENGTH,
    }),
    state ? sql`${subscriberState} = ${state}` : undefined,
  );
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  state: subscriberState,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  consentSource: newsletterSubscribers.consentSource,
};

/** One page of the list, in address order, filtered by text (address or source of consent) and state. */
export async function listAdminSubscribers({
  page = 1,
  pageSize = SUBSCRIBERS_PAGE_SIZE,
  ...filters
}: SubscriberQuery & { page?: number; pageSize?: number }) {
  const where = subscriberWhere(filters);
  const [{ total }] = await db().select({ total: count() }).from(newsletterSubscribers).where(where);
  const window = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select(subscriberColumns)
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(sql`lower(${newsletterSubscribers.email})`)
    .limit(pageSize)
    .offset(window.offset);
  return { subscribers: rows, total, page: window.page, pageCount: window.pageCount };
}

const EXPORT_BATCH_SIZE = 1000;

/**
 * The list as filtered, as CSV text in pieces (the header, then one piece per batch), read by
 * keyset on the lower-cased address, so memory holds one batch whatever the size of the list.
 */
export async function* exportSubscribersCsv({ batchSize = EXPORT_BATCH_SIZE, ...filters }: SubscriberQuery & { batchSize?: number }) {
  yield csvRow(SUBSCRIBER_EXPORT_COLUMNS);
  const where = subscriberWhere(filters);
  const key = sql<string>`lower(${newsletterSubscribers.email})`;
  const readBatch = (condition: SQL | undefined) =>
    db()
      .select({ ...subscriberColumns, key })
      .from(newsletterSubscribers)
      .where(condition)
      .orderBy(key)
      .limit(batchSize);
  let after: string | null = null;
  for (;;) {
    const rows = await readBatch(and(where, after === null ? undefined : gt(key, after)));
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRow([
          row.email,
          row.state,
          row.createdAt,
          row.confirmedAt,
          row.confirmedAt ? (row.consentSource ?? SUBSCRIBER_MESSAGES.siteSignUp) : "",
          row.unsubscribedAt,
        ]),
      )
      .join("");
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1].key;
  }
}

export type ImportRefusal = { line: number | null; message: string };
export type ImportSummary = { importId: string; rows: number; added: number; confirmed: number; unchanged: number; skipped: number };

const emailSchema = z.email();
/** 2026-03-31, optionally with a time of day (kept as the day: consent is recorded by date). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type ImportRow = { line: number; email: string; consentAt: Date; source: string };

/** Reads and checks the file; every line that cannot be imported is named with its reason. */
export function readSubscriberImport(text: string, now = new Date()): { rows: ImportRow[]; refusals: ImportRefusal[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], refusals: [{ line: error.line, message: SUBSCRIBER_MESSAGES.unclosedQuote(error.line) }] };
    throw error;
  }
  const [header, ...body] = records;
  const names = (header?.cells ?? []).map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const column = { email: names.indexOf("email"), date: names.indexOf("consent_date"), source: names.indexOf("consent_source") };
  if (column.email < 0 || column.date < 0 || column.source < 0)
    return { rows: [], refusals: [{ line: 1, message: SUBSCRIBER_MESSAGES.badHeader }] };
  if (body.length === 0) return { rows: [], refusals: [{ line: null, message: SUBSCRIBER_MESSAGES.noRows }] };
  if (body.length > SUBSCRIBER_IMPORT_MAX_ROWS) return { rows: [], refusals: [{ line: null, message: SUBSCRIBER_MESSAGES.tooManyRows }] };
  const rows: ImportRow[] = [];
  const refusals: ImportRefusal[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of body) {
    const cell = (index: number) => (cells[index] ?? "").trim();
    const email = cell(column.email).toLowerCase();
    const day = cell(column.date);
    const source = cell(column.source);
    const refuse = (message: string) => refusals.push({ line, message });
    if (!emailSchema.safeParse(email).success) {
      refuse(SUBSCRIBER_MESSAGES.badEmail(line, cell(column.email)));
      continue;
    }
    const first = seen.get(email);
    if (first !== undefined) {
      refuse(SUBSCRIBER_MESSAGES.duplicate(line, email, first));
      continue;
    }
    seen.set(email, line);
    if (!day) refuse(SUBSCRIBER_MESSAGES.noConsentDate(line, email));
    if (!source) refuse(SUBSCRIBER_MESSAGES.noConsentSource(line, email));
    else if (source.length > 200) refuse(SUBSCRIBER_MESSAGES.sourceTooLong(line));
    if (!day) continue;
    // A day as 2026-03-31 (a time of day, if the file has one, is not needed for consent).
    const consentAt = new Date(`${day.slice(0, 10)}T00:00:00Z`);
    if (!ISO_DAY.test(day) || Number.isNaN(consentAt.getTime()) || formatIsoDay(consentAt) !== day.slice(0, 10)) {
      refuse(SUBSCRIBER_MESSAGES.badConsentDate(line, day));
      continue;
    }
    if (consentAt.getTime() > now.getTime()) {
      refuse(SUBSCRIBER_MESSAGES.futureConsentDate(line, day));
      continue;
    }
    if (source && source.length <= 200) rows.push({ line, email, consentAt, source });
  }
  return { rows, refusals };
}

/**
 * Imports subscribers who consented elsewhere, as confirmed, with the date and source of their
 * consent. All or nothing: one line that cannot be imported refuses the file, naming every such
 * line. Importing the same file again changes nothing (each address is already confirmed). An
 * address that unsubscribed here, or refused marketing mail, is left unsubscribed: a list from
 * elsewhere does not outweigh their no. The import and its counts are the audit row, written in
 * the same transaction as the addresses it adds.
 */
export async function importSubscribers({
  text,
  fileName,
  actor,
  now = new Date(),
}: {
  text: string;
  fileName: string;
  actor: { id: string; email: string };
  now?: Date;
}): Promise<{ ok: true; summary: ImportSummary } | { ok: false; refusals: ImportRefusal[] }> {
  const { rows, refusals } = readSubscriberImport(text, now);
  if (refusals.length > 0) return { ok: false, refusals };
  return db().transaction(async (tx) => {
    const [audit] = await tx
      .insert(newsletterImports)
      .values({
        actorId: actor.id,
        actorEmail: actor.email,
        fileName: fileName.slice(0, 200),
        rowCount: rows.length,
        addedCount: 0,
        confirmedCount: 0,
        unchangedCount: 0,
        skippedUnsubscribedCount: 0,
      })
      .returning({ id: newsletterImports.id });
    const summary: ImportSummary = { importId: audit.id, rows: rows.length, added: 0, confirmed: 0, unchanged: 0, skipped: 0 };
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const emails = batch.map((row) => row.email);
      const existing = await tx
        .select({
          id: newsletterSubscribers.id,
          key: sql<string>`lower(${newsletterSubscribers.email})`,
          status: newsletterSubscribers.status,
        })
        .from(newsletterSubscribers)
        .where(inArray(sql`lower(${newsletterSubscribers.email})`, emails));
      const optedOut = await tx.select({ email: mailOptOuts.email }).from(mailOptOuts).where(inArray(mailOptOuts.email, emails));
      const byEmail = new Map(existing.map((row) => [row.key, row]));
      const refused = new Set(optedOut.map((row) => row.email));
      const fresh: ImportRow[] = [];
      for (const row of batch) {
        const current = byEmail.get(row.email);
        if (refused.has(row.email) || current?.status === "unsubscribed") summary.skipped += 1;
        else if (current?.status === "confirmed") summary.unchanged += 1;
        else if (current) {
          await tx
            .update(newsletterSubscribers)
            .set({ status: "confirmed", confirmedAt: row.consentAt, consentSource: row.source, importId: audit.id })
            .where(and(eq(newsletterSubscribers.id, current.id), eq(newsletterSubscribers.status, "pending")));
          summary.confirmed += 1;
        } else fresh.push(row);
      }
      if (fresh.length > 0) {
        const added = await tx
          .insert(newsletterSubscribers)
          .values(
            fresh.map((row) => ({
              email: row.email,
              status: "confirmed" as const,
              token: crypto.randomBytes(24).toString("base64url"),
              createdAt: now,
              confirmedAt: row.consentAt,
              consentSource: row.source,
              importId: audit.id,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: newsletterSubscribers.id });
        summary.added += added.length;
        // Added by someone else in the meantime: already on the list.
        summary.unchanged += fresh.length - added.length;
      }
    }
    await tx
      .update(newsletterImports)
      .set({
        addedCount: summary.added,
        confirmedCount: summary.confirmed,
        unchangedCount: summary.unchanged,
        skippedUnsubscribedCount: summary.skipped,
      })
      .where(eq(newsletterImports.id, audit.id));
    return { ok: true as const, summary };
  });
}
