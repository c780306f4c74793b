import crypto from "node:crypto";
import { and, count, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { ApiScope } from "~/lib/domain-values";
import { db } from "~/server/db/client.server";
import { escapeLikePattern } from "~/server/db/like.server";
import { apiKeys } from "~/server/db/schema";
import { recordAccessEvent } from "~/server/access/record-access-event.server";

/**
 * API keys for /api/v1 (docs/decisions/049-api-keys-and-rest-api.md). A key is `osk_` and 43
 * characters of base64url (32 random bytes). Only its SHA-256 is stored: with 256 random bits a
 * slow hash adds nothing, and a lookup by hash needs no scan. Making and revoking a key are in the
 * audit trail, as events on the super admin who did it.
 */

export const API_KEY_PREFIX = "osk_";
/** How much of the key the list shows, the "osk_" included. */
const SHOWN_PREFIX_LENGTH = 10;
const KEY_PATTERN = /^osk_[A-Za-z0-9_-]{43}$/;

export type ApiKeyPrincipal = { id: string; name: string; scopes: ApiScope[]; createdBy: string | null };

function hashKey(key: string) {
  return crypto.createHash("sha256").update(key).digest("hex");
}

/** Makes a key, records who made it, and returns the key: the only time it exists in clear. */
export async function createApiKey({ name, scopes, actorId }: { name: string; scopes: ApiScope[]; actorId: string }) {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  const row = await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({ name, prefix, keyHash: hashKey(key), scopes: [...new Set(scopes)], createdBy: actorId })
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes });
    await recordAccessEvent({
      tx,
      type: "api_key_created",
      userId: actorId,
      actorId,
      note: `“${name}” (${prefix}…): ${scopes.join(", ")}`,
    });
    return created!;
  });
  return { ...row, key };
}

export class ApiKeyNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No API key with id ${id}`);
    this.name = "ApiKeyNotFoundError";
  }
}

/** Revokes a key at once; revoking a revoked key changes nothing and records nothing. */
export async function revokeApiKey({ keyId, actorId }: { keyId: string; actorId: string }) {
  return db().transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: actorId })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) {
      const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId));
      if (!exists) throw new ApiKeyNotFoundError(keyId);
      return { changed: false };
    }
    await recordAccessEvent({ tx, type: "api_key_revoked", userId: actorId, actorId, note: `“${revoked.name}” (${revoked.prefix}…)` });
    return { changed: true };
  });
}

/** How often a key's "last used" is written: at most once a minute per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The key a request's `Authorization: Bearer …` names, if it is one and not revoked; null for
 * anything else (absent, malformed, unknown, revoked), which the API answers with a bare 401.
 */
export async function authenticateApiKey({ key }: { key: string }): Promise<ApiKeyPrincipal | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const [row] = await db()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      keyHash: apiKeys.keyHash,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
  // The index lookup found the row by its hash; the comparison is constant-time all the same.
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.keyHash, "hex"), Buffer.from(hash, "hex"))) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db()
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, row.id));
  }
  return { id: row.id, name: row.name, scopes: row.scopes as ApiScope[], createdBy: row.createdBy };
}

export const API_KEYS_PAGE_SIZE = 25;

/** The Developers list: every key, newest first, with who made it; revoked ones stay listed. */
export async function listApiKeys({ query = "", page = 1 }: { query?: string; page?: number }) {
  const where = query ? ilike(apiKeys.name, `%${escapeLikePattern(query)}%`) : undefined;
  const [{ total }] = (await db().select({ total: count() }).from(apiKeys).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / API_KEYS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      createdByEmail: sql<string | null>`(select u.email from users u where u.id = ${apiKeys.createdBy})`,
    })
    .from(apiKeys)
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_PAGE_SIZE)
    .offset((current - 1) * API_KEYS_PAGE_SIZE);
  return { keys: rows, total, page: current, pageCount };
}
