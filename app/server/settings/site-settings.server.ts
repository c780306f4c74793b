import { eq } from "drizzle-orm";
import { z } from "zod";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_SITE_SETTINGS, isSafeLogoUrl, SITE_SETTINGS_LIMITS, type SiteSettings } from "~/lib/site-settings";
import { formatPrice } from "~/lib/money";
import { db, type Queryable } from "~/server/db/client.server";
import { memoUntilContentChanges } from "~/server/db/content-memo.server";
import { siteSettings } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { rethrowAsUnavailable } from "~/server/platform/outage.server";

/** One line of text: runs of whitespace (line breaks included, they would reach mail subjects) become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, " ");

const cents = z
  .number()
  .int("must be whole cents")
  .min(0, "cannot be negative")
  .max(SITE_SETTINGS_LIMITS.priceCents, `must be at most ${formatPrice(SITE_SETTINGS_LIMITS.priceCents)}`);

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
  if (row) return row;
  logger.error("the site_settings row is missing; showing the default settings");
  return { ...DEFAULT_SITE_SETTINGS };
}

const keptSettings = memoUntilContentChanges(() => readSiteSettings(db()));

export class InvalidSiteSettingsError extends Error {
  constructor(readonly fields: string[]) {
    super(`Invalid site settings: ${fields.join(", ")}`);
    this.name = "InvalidSiteSettingsError";
  }
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
  if (!parsed.success) throw new InvalidSiteSettingsError([...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))]);
  const values = { ...parsed.data, updatedAt: new Date(), updatedBy: actorId };
  const [saved] = await database
    .insert(siteSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
    .returning(PUBLIC_COLUMNS);
  keptSettings.forget();
  logger.info({ actorId }, "site settings saved");
  return saved!;
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
