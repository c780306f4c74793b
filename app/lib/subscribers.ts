import { defineListUrl, optionParam, pageParam, textParam } from "./list-url";

/**
 * Admin → Subscribers (issue 39): the newsletter's list, its export and the import of confirmed
 * subscribers. The states a row shows: the stored status, except that an address whose mail
 * failed for good reads "bounced", and one that refused all marketing mail reads "unsubscribed".
 */
export const SUBSCRIBER_STATES = ["confirmed", "pending", "unsubscribed", "bounced"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

export const SUBSCRIBERS_PAGE_SIZE = 50;
export const SUBSCRIBERS_MAX_QUERY_LENGTH = 200;
/** An import's bounds: a file of this size holds tens of thousands of addresses. */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const SUBSCRIBER_IMPORT_MAX_ROWS = 20_000;
/** The columns an import needs, as its first line names them. */
export const SUBSCRIBER_IMPORT_COLUMNS = ["email", "consent_date", "consent_source"] as const;
export const SUBSCRIBER_EXPORT_COLUMNS = ["email", "state", "signed_up", "consent_date", "consent_source", "unsubscribed"] as const;

/** `/admin/subscribers?q=ann&state=pending&page=2` */
export const subscriberListUrl = defineListUrl("/admin/subscribers", {
  q: textParam({ maxLength: SUBSCRIBERS_MAX_QUERY_LENGTH }),
  state: optionParam(SUBSCRIBER_STATES),
  page: pageParam(),
});

export type SubscriberListFilters = ReturnType<typeof subscriberListUrl.parse>;

/** The CSV of the list as filtered (every page). */
export function subscriberExportHref(filters: SubscriberListFilters) {
  return `/admin/subscribers/export.csv${subscriberListUrl.search({ ...filters, page: undefined })}`;
}

export const SUBSCRIBER_MESSAGES = {
  title: "Subscribers",
  listFailed: "Failed to fetch subscribers",
  none: "No subscribers yet.",
  noneDescription: "People who sign up for the newsletter on the site, or that you import, show here.",
  noMatches: "No subscribers found matching your search.",
  siteSignUp: "Sign-up on the site (confirmed by e-mail)",
  fileRequired: "Choose a CSV file to import",
  fileTooLarge: "The file is larger than 2 MB: split it and import each part",
  tooManyRows: `The file has more than ${SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows: split it and import each part`,
  noRows: "The file has no subscribers under its first line",
  badHeader: "The first line must name the columns email, consent_date and consent_source",
  unclosedQuote: (line: number) => `Line ${line}: a quoted cell is never closed`,
  badEmail: (line: number, value: string) => `Line ${line}: “${value}” is not an e-mail address`,
  noConsentDate: (line: number, email: string) => `Line ${line}: ${email} has no date of consent (consent_date)`,
  badConsentDate: (line: number, value: string) => `Line ${line}: “${value}” is not a date (write it as 2026-03-31)`,
  futureConsentDate: (line: number, value: string) => `Line ${line}: the date of consent ${value} is in the future`,
  noConsentSource: (line: number, email: string) => `Line ${line}: ${email} has no source of consent (consent_source)`,
  sourceTooLong: (line: number) => `Line ${line}: the source of consent is longer than 200 characters`,
  duplicate: (line: number, email: string, first: number) => `Line ${line}: ${email} is already on line ${first}`,
  refused: (count: number) => `Nothing was imported: ${count === 1 ? "1 line needs" : `${count} lines need`} fixing`,
  imported: ({ added, confirmed, unchanged, skipped }: { added: number; confirmed: number; unchanged: number; skipped: number }) =>
    `Imported: ${added} added, ${confirmed} pending confirmed, ${unchanged} already subscribed, ${skipped} unsubscribed and left so`,
} as const;
