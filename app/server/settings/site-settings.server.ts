import { count, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  brandColorProblem,
  DEFAULT_SITE_SETTINGS,
  isSafeLogoUrl,
  isSenderAddress,
  isTimeZone,
  MEMBERSHIP_TRIAL_DAYS_MAX,
  PLAN_GRACE_DAYS,
  normaliseHexColor,
  SELLER_DETAILS_LIMITS,
  SITE_SETTINGS_LIMITS,
  type SellerDetails,
  type SiteSettings,
} from "~/lib/site-settings";
import { isStripeCurrency } from "~/lib/currencies";
import { DATE_FORMATS, setDateDisplay } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { db, type Queryable } from "~/server/db/client.server";
import { memoUntilContentChanges } from "~/server/db/content-memo.server";
import { orders, siteSettings } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { rethrowAsUnavailable } from "~/server/platform/outage.server";

/** One line of text: runs of whitespace (line breaks included, they would reach mail subjects) become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, " ");

const cents = z
  .number()
  .int("must be whole cents")
  .min(0, "cannot be negative")
  .max(SITE_SETTINGS_LIMITS.priceCents, `must be at most ${formatPrice(SITE_SETTINGS_LIMITS.priceCents, "usd")}`);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(SITE_SETTINGS_LIMITS.supportEmail)
  .refine((value) => value === "" || isSenderAddress(value), "must be an address with a domain");

/** The rules every saved value keeps, whoever saves it (the admin form has its own, friendlier messages). */
const siteSettingsSchema = z.object({
  schoolName: z.string().trim().min(1, "is required").max(SITE_SETTINGS_LIMITS.schoolName).transform(oneLine),
  tagline: z.string().trim().max(SITE_SETTINGS_LIMITS.tagline).transform(oneLine),
  supportEmail: z.string().trim().toLowerCase().max(SITE_SETTINGS_LIMITS.supportEmail).pipe(z.email()),
  logoUrl: z
    .string()
    .trim()
    .max(SITE_SETTINGS_LIMITS.logoUrl)
    .refine(isSafeLogoUrl, "must be a path on this site or an https URL")
    .nullable(),
  membershipMonthlyCents: cents,
  membershipYearlyCents: cents,
  courseFallbackPriceCents: cents,
  membershipTrialDays: z.number().int("must be whole days").min(0, "cannot be negative").max(MEMBERSHIP_TRIAL_DAYS_MAX, `must be at most ${MEMBERSHIP_TRIAL_DAYS_MAX}`),
  planGraceDays: z
    .number()
    .int("must be whole days")
    .min(PLAN_GRACE_DAYS.min, `must be at least ${PLAN_GRACE_DAYS.min}`)
    .max(PLAN_GRACE_DAYS.max, `must be at most ${PLAN_GRACE_DAYS.max}`),
  senderName: z.string().trim().max(SITE_SETTINGS_LIMITS.senderName).transform(oneLine),
  senderEmail: optionalEmail,
  replyTo: optionalEmail,
  brandColor: z
    .string()
    .superRefine((value, context) => {
      const problem = brandColorProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => normaliseHexColor(value)!),
  faviconUrl: z
    .string()
    .trim()
    .max(SITE_SETTINGS_LIMITS.logoUrl)
    .refine(isSafeLogoUrl, "must be a path on this site or an https URL")
    .nullable(),
  currency: z.string().trim().toLowerCase().refine(isStripeCurrency, "is not a currency Stripe charges in"),
  timeZone: z.string().trim().refine(isTimeZone, "is not a time zone (an IANA name like Europe/Dublin)"),
  dateFormat: z.enum(DATE_FORMATS),
}) satisfies z.ZodType<SiteSettings, SiteSettings>;

/** The public columns: everything but the audit stamp. */
const PUBLIC_COLUMNS = {
  schoolName: siteSettings.schoolName,
  tagline: siteSettings.tagline,
  supportEmail: siteSettings.supportEmail,
  logoUrl: siteSettings.logoUrl,
  membershipMonthlyCents: siteSettings.membershipMonthlyCents,
  membershipYearlyCents: siteSettings.membershipYearlyCents,
  courseFallbackPriceCents: siteSettings.courseFallbackPriceCents,
  membershipTrialDays: siteSettings.membershipTrialDays,
  planGraceDays: siteSettings.planGraceDays,
  senderName: siteSettings.senderName,
  senderEmail: siteSettings.senderEmail,
  replyTo: siteSettings.replyTo,
  brandColor: siteSettings.brandColor,
  faviconUrl: siteSettings.faviconUrl,
  currency: siteSettings.currency,
  timeZone: siteSettings.timeZone,
  dateFormat: siteSettings.dateFormat,
};

/**
 * The school's settings: one primary-key read, kept in memory until the next content write
 * announces itself (every instance hears it: db/content-memo.server.ts), so a change shows on the
 * next request in every app process. `database` (a transaction) always reads. A missing row logs
 * and answers the defaults (a new row is made by the next save); a failed read throws — a page
 * must never show the default name and prices because the database did not answer (the root
 * middleware turns a lost database into a 503).
 */
export async function getSiteSettings({ database }: { database?: Queryable } = {}): Promise<SiteSettings> {
  if (database) return readSiteSettings(database);
  return { ...(await keptSettings.get()) };
}

async function readSiteSettings(database: Queryable): Promise<SiteSettings> {
  const [row] = await database.select(PUBLIC_COLUMNS).from(siteSettings).where(eq(siteSettings.id, true));
  const settings = row ? (row as SiteSettings) : null;
  if (!settings) logger.error("the site_settings row is missing; showing the default settings");
  const read = settings ?? { ...DEFAULT_SITE_SETTINGS };
  // The dates this process shows follow the settings it last read (lib/dates.ts).
  setDateDisplay(read);
  return read;
}

const keptSettings = memoUntilContentChanges(() => readSiteSettings(db()));

export class InvalidSiteSettingsError extends Error {
  constructor(
    readonly fields: string[],
    /** The reason for each refused field, as the rules give it. */
    readonly reasons: Record<string, string> = {},
  ) {
    super(`Invalid site settings: ${fields.map((field) => (reasons[field] ? `${field} ${reasons[field]}` : field)).join(", ")}`);
    this.name = "InvalidSiteSettingsError";
  }
}

/**
 * A currency change is refused once the school has orders in another currency (docs/decisions/051):
 * analytics, exports and refunds add order amounts up, and sums across currencies mean nothing.
 */
export async function currencyChangeProblem({ currency, database = db() }: { currency: string; database?: Queryable }) {
  const [row] = await database.select({ count: count() }).from(orders).where(ne(orders.currency, currency.toLowerCase()));
  const others = row?.count ?? 0;
  if (others === 0) return null;
  return `The currency cannot change once there are orders in another one (${others} ${others === 1 ? "order is" : "orders are"} in another currency): analytics, exports and refunds add amounts up, and sums across currencies mean nothing`;
}

/**
 * Saves the settings (the whole set) and who saved them. Values that break the rules throw
 * InvalidSiteSettingsError and change nothing; a missing row is created again.
 */
export async function updateSiteSettings({
  input,
  actorId,
  database = db(),
}: {
  input: SiteSettings;
  actorId: string | null;
  database?: Queryable;
}): Promise<SiteSettings> {
  const parsed = siteSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const reasons = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    throw new InvalidSiteSettingsError(Object.keys(reasons), reasons);
  }
  const [current] = await database.select({ currency: siteSettings.currency }).from(siteSettings).where(eq(siteSettings.id, true));
  if (current && current.currency !== parsed.data.currency) {
    const problem = await currencyChangeProblem({ currency: parsed.data.currency, database });
    if (problem) throw new InvalidSiteSettingsError(["currency"], { currency: problem });
  }
  const values = { ...parsed.data, updatedAt: new Date(), updatedBy: actorId };
  const [saved] = await database
    .insert(siteSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
    .returning(PUBLIC_COLUMNS);
  if (!saved) throw new Error("the site settings were not saved");
  keptSettings.forget();
  setDateDisplay(saved as SiteSettings);
  logger.info({ actorId }, "site settings saved");
  return saved as SiteSettings;
}

const sellerDetailsSchema = z.object({
  legalName: z.string().trim().max(SELLER_DETAILS_LIMITS.legalName).transform(oneLine),
  // Lines kept (an address has several), each trimmed, empty ones dropped.
  address: z
    .string()
    .max(SELLER_DETAILS_LIMITS.address)
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => oneLine(line).trim())
        .filter(Boolean)
        .join("\n"),
    ),
  taxNumber: z.string().trim().max(SELLER_DETAILS_LIMITS.taxNumber).transform(oneLine),
}) satisfies z.ZodType<SellerDetails, SellerDetails>;

/** The seller's details for invoices (empty strings until the owner fills them in). */
export async function getSellerDetails({ database = db() }: { database?: Queryable } = {}): Promise<SellerDetails> {
  const [row] = await database
    .select({ legalName: siteSettings.sellerLegalName, address: siteSettings.sellerAddress, taxNumber: siteSettings.sellerTaxNumber })
    .from(siteSettings)
    .where(eq(siteSettings.id, true));
  return row ?? { legalName: "", address: "", taxNumber: "" };
}

/** Saves the seller's details (invoices issued from now on carry them); the settings row must exist (a settings save makes it). */
export async function updateSellerDetails({ input, database = db() }: { input: SellerDetails; database?: Queryable }) {
  const parsed = sellerDetailsSchema.safeParse(input);
  if (!parsed.success)
    throw new InvalidSiteSettingsError([...new Set(parsed.error.issues.map((issue) => `seller.${issue.path.join(".")}`))]);
  await database
    .update(siteSettings)
    .set({ sellerLegalName: parsed.data.legalName, sellerAddress: parsed.data.address, sellerTaxNumber: parsed.data.taxNumber })
    .where(eq(siteSettings.id, true));
}

/** This request's settings, read once by the root middleware. */
export const siteSettingsContext = createContext<SiteSettings | null>(null);

export const siteSettingsMiddleware: MiddlewareFunction<Response> = async ({ context }) => {
  context.set(siteSettingsContext, await getSiteSettings().catch(rethrowAsUnavailable));
};

/** The settings the root middleware read for this request (or a fresh read where it did not run, as in tests). */
export async function getRequestSiteSettings({ context }: { context: Readonly<RouterContextProvider> }): Promise<SiteSettings> {
  return context.get(siteSettingsContext) ?? getSiteSettings();
}
