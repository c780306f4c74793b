import { and, desc, eq, gt, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { normalizeRole } from "~/lib/roles";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { db } from "~/server/db/client.server";
import { alias } from "drizzle-orm/pg-core";
import { accounts, affiliates, affiliateSettings, dataExports, discussionMailSettings, sessions, users } from "~/server/db/schema";
import { preparedForEachDatabase } from "~/server/db/prepared.server";
import { affiliateStanding } from "~/server/affiliates/affiliates.server";
import { DEFAULT_AFFILIATE_PROGRAM, type AffiliateProgram } from "~/server/affiliates/affiliate-settings.server";
import { describeDataExport } from "./data-export.server";
import { listSavedCourses } from "~/server/courses/saved-courses.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";

const latestExport = alias(dataExports, "latest_export");
const earlierExport = alias(dataExports, "earlier_export");

/**
 * The account page's one-row facts about the person, in one prepared statement (issue 44,
 * docs/decisions/076): the profile (the users row), whether they sign in with a password, the
 * discussion-mail setting, their affiliate row's status and the program's switch, and their latest
 * data export. Each was a query of its own; a signed-in page pays for every statement it sends.
 */
const accountOverviewQuery = preparedForEachDatabase((database) =>
  database
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      twoFactorEnabled: users.twoFactorEnabled,
      hasPassword: sql<boolean>`exists (${new QueryBuilder()
        .select({ one: sql`1` })
        .from(accounts)
        .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))})`,
      discussionMailEnabled: discussionMailSettings.enabled,
      affiliateStatus: affiliates.status,
      programEnabled: affiliateSettings.enabled,
      programJoinPolicy: affiliateSettings.joinPolicy,
      latestExport: {
        id: latestExport.id,
        status: latestExport.status,
        requestedAt: latestExport.requestedAt,
        readyAt: latestExport.readyAt,
        expiresAt: latestExport.expiresAt,
        sizeBytes: latestExport.sizeBytes,
      },
    })
    .from(users)
    .leftJoin(discussionMailSettings, eq(discussionMailSettings.userId, users.id))
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .leftJoin(affiliateSettings, eq(affiliateSettings.id, true))
    .leftJoin(
      latestExport,
      eq(
        latestExport.id,
        sql`(${new QueryBuilder()
          .select({ id: earlierExport.id })
          .from(earlierExport)
          .where(eq(earlierExport.userId, users.id))
          .orderBy(desc(earlierExport.requestedAt))
          .limit(1)})`,
      ),
    )
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("account_overview"),
);

/**
 * The signed-in user's own profile (the users row is the profile) for the account page, with the
 * page's other one-row sections: the discussion-mail setting (`findDiscussionMailEnabled`), the
 * affiliate standing (`getAffiliateStanding`) and the latest data export (`findLatestDataExport`).
 */
export async function getAccountProfile({ userId, now = new Date() }: { userId: string; now?: Date }) {
  const [row] = await accountOverviewQuery().execute({ userId });
  if (!row) return null;
  const { discussionMailEnabled, affiliateStatus, programEnabled, programJoinPolicy, latestExport: latest, ...profile } = row;
  return {
    ...profile,
    role: normalizeRole(profile.role),
    twoFactorEnabled: Boolean(profile.twoFactorEnabled),
    hasPassword: Boolean(profile.hasPassword),
    // No row: the person never turned it off.
    discussionMailEnabled: discussionMailEnabled ?? true,
    affiliateStanding: affiliateStanding({
      program:
        programEnabled === null
          ? DEFAULT_AFFILIATE_PROGRAM
          : { enabled: programEnabled, joinPolicy: programJoinPolicy as AffiliateProgram["joinPolicy"] },
      affiliateStatus,
    }),
    latestDataExport: latest ? describeDataExport({ latest, now }) : null,
  };
}

export async function updateAccountName({
  userId,
  name,
  audit,
}: {
  userId: string;
  name: string;
  /** Someone else changed it (the API): an `api_write` audit row in the same transaction. */
  audit?: { actorId: string | null; note: string };
}) {
  return db().transaction(async (tx) => {
    const [changed] = await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    if (changed && audit) await recordAccessEvent({ tx, type: "api_write", userId, actorId: audit.actorId, note: audit.note });
    return Boolean(changed);
  });
}

/** "Chrome on macOS" from a user-agent string; good enough to recognise one's own devices. */
export function describeUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return "Unknown device";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/Firefox\//, "Firefox"],
      [/Chrome\/|Chromium\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "Browser";
  const os =
    [
      [/Android/, "Android"],
      [/iPhone|iPad|iPod/, "iOS"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  return os ? `${browser} on ${os}` : (browser as string);
}

/** The account's sessions that have not expired, the most recently used first. */
export async function listAccountSessions({ userId, currentSessionId }: { userId: string; currentSessionId?: string }) {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
    .limit(50);
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress || null,
      createdAt: row.createdAt,
      lastActiveAt: row.updatedAt,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the user's own sessions (never another user's). */
export async function revokeAccountSession({ userId, sessionId }: { userId: string; sessionId: string }) {
  const removed = await db()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return removed.length > 0;
}

/** The user's saved courses, in the shape the account page lists. */
export async function listAccountSavedCourses({ userId }: { userId: string }) {
  const saved = await listSavedCourses({ userId });
  return saved.map(({ id, slug, title, subtitle, coverUrl, topics }) => ({ id, slug, title, subtitle, coverUrl, topics }));
}

/**
 * What an authenticator app needs: the QR code (an SVG data URL, drawn on the server so the
 * page needs no script for it) and the secret for typing in by hand.
 */
export async function describeTotpSetup({ totpUri }: { totpUri: string }) {
  const url = new URL(totpUri);
  if (url.protocol !== "otpauth:") throw new Error("Not an otpauth URI");
  const secret = url.searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    totpUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    // Groups of four are easier to type without losing one's place.
    manualKey: secret.replace(/(.{4})/g, "$1 ").trim(),
  };
}
