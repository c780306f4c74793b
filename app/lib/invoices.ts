import { formatIsoDay } from "./dates";
import type { InvoiceKind } from "./domain-values";

/** Where an invoice or credit note's PDF is downloaded (its buyer or an admin, signed in). */
export const invoicePdfPath = (invoiceId: string) => `/invoices/${invoiceId}/pdf`;

/** An invoice or credit note as the orders lists offer it. */
export type InvoiceLink = { id: string; kind: InvoiceKind; number: string; href: string };

/** The download link's name: 'Download invoice INV-2026-000123 (PDF)'. */
export const invoiceLinkLabel = (document: Pick<InvoiceLink, "kind" | "number">) =>
  `Download ${document.kind === "credit_note" ? "credit note" : "invoice"} ${document.number} (PDF)`;

/** A `YYYY-MM-DD` day, as the export's From and To fields send it. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The export's period from its query string: `from` and `to` days, both included, in UTC; a
 * missing or malformed pair means the current month so far. Null when `to` is before `from`.
 */
export function invoicePeriod(params: URLSearchParams, now = new Date()) {
  const day = (value: string | null) => (value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);
  const today = formatIsoDay(now);
  const fromDay = day(params.get("from")) ?? `${today.slice(0, 7)}-01`;
  const toDay = day(params.get("to")) ?? today;
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  return to <= from ? null : { fromDay, toDay, from, to };
}
