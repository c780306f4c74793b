import crypto from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { resolveAuthSecrets } from "~/server/auth/auth-secrets.server";
import { getConfig, type Config } from "~/server/platform/config.server";

/**
 * The short-lived credential that lets a lesson's stream pieces be served without a database
 * query (docs/decisions/045). A request that asks the one access rule and is allowed (a playlist
 * always does; a poster, segment or captions request does when it has no good credential) is
 * answered with a cookie scoped to the lesson's own paths, `/api/lessons/{id}/`. It holds:
 * - the expiry (at most STREAM_ACCESS_SECONDS ahead) and the viewer's user id (empty for a visitor),
 * - where the stream's files and the captions are stored, so a segment needs no lookup either,
 * - an HMAC (SHA-256, AUTH_SECRET; AUTH_PREVIOUS_SECRETS still verify) over those, the lesson's id
 *   and a hash of the request's session cookie: it is good for that lesson, that person and that
 *   sign-in only. Signing out (the session cookie goes) ends it at once.
 * A credential that does not verify grants nothing: the request is decided by the access rule, as
 * one without a credential is.
 */

export const STREAM_ACCESS_SECONDS = 300;
export const STREAM_ACCESS_COOKIE = "lesson_stream";

export type StreamAccess = {
  /** Seconds since the epoch. */
  expiresAt: number;
  userId: string | null;
  hlsPrefix: string | null;
  captionsPath: string | null;
};

let cachedSecrets: { config: Config; secrets: Buffer[] } | undefined;

function secrets() {
  const config = getConfig();
  if (cachedSecrets?.config !== config) {
    cachedSecrets = { config, secrets: resolveAuthSecrets(config).map((secret) => Buffer.from(secret)) };
  }
  return cachedSecrets.secrets;
}

/** The raw value of the request's Better Auth session cookie (secure-prefixed or not), or "" without one. */
export function sessionCookieOf(cookieHeader: string | undefined) {
  return readCookies(cookieHeader, (name) => name.endsWith("better-auth.session_token"))[0] ?? "";
}

function readCookies(cookieHeader: string | undefined, wanted: (name: string) => boolean) {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    if (wanted(part.slice(0, at).trim())) values.push(part.slice(at + 1).trim());
  }
  return values;
}

function signature(secret: Buffer, { lessonId, session, payload }: { lessonId: string; session: string; payload: string }) {
  const sessionHash = crypto.createHash("sha256").update(session).digest("base64url");
  return crypto.createHmac("sha256", secret).update(`lesson-stream\n${lessonId}\n${sessionHash}\n${payload}`).digest();
}

/** A credential for `lessonId`, bound to the session cookie value `session` ("" for a visitor). */
export function signStreamAccess({
  lessonId,
  session,
  access,
}: {
  lessonId: string;
  session: string;
  access: StreamAccess;
}) {
  const payload = Buffer.from(
    JSON.stringify([access.expiresAt, access.userId ?? "", access.hlsPrefix ?? "", access.captionsPath ?? ""]),
  ).toString("base64url");
  return `${payload}.${signature(secrets()[0], { lessonId, session, payload }).toString("base64url")}`;
}

/** The credential's contents when it is good for this lesson and session and unexpired; null otherwise. */
export function verifyStreamAccess({
  lessonId,
  session,
  value,
  now = Date.now(),
}: {
  lessonId: string;
  session: string;
  value: string;
  now?: number;
}): StreamAccess | null {
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const verified = secrets().some((secret) => {
    const expected = signature(secret, { lessonId, session, payload });
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!verified) return null;
  try {
    const [expiresAt, userId, hlsPrefix, captionsPath] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [
      number,
      string,
      string,
      string,
    ];
    if (typeof expiresAt !== "number" || expiresAt * 1000 <= now) return null;
    return { expiresAt, userId: userId || null, hlsPrefix: hlsPrefix || null, captionsPath: captionsPath || null };
  } catch {
    return null;
  }
}

/** The request's good credential for its lesson (`req.params.lessonId`), if it carries one. */
export function readStreamAccess(req: ExpressRequest, now = Date.now()): StreamAccess | null {
  const lessonId = String(req.params.lessonId);
  const session = sessionCookieOf(req.headers.cookie);
  for (const value of readCookies(req.headers.cookie, (name) => name === STREAM_ACCESS_COOKIE)) {
    const access = verifyStreamAccess({ lessonId, session, value, now });
    if (access) return access;
  }
  return null;
}

/** Answers an allowed request with a fresh credential for its lesson, scoped to the lesson's paths. */
export function grantStreamAccess(
  req: ExpressRequest,
  res: ExpressResponse,
  { userId, hlsPrefix, captionsPath }: Omit<StreamAccess, "expiresAt">,
) {
  const lessonId = String(req.params.lessonId);
  const expiresAt = Math.floor(Date.now() / 1000) + STREAM_ACCESS_SECONDS;
  const value = signStreamAccess({
    lessonId,
    session: sessionCookieOf(req.headers.cookie),
    access: { expiresAt, userId, hlsPrefix, captionsPath },
  });
  res.cookie(STREAM_ACCESS_COOKIE, value, {
    path: `/api/lessons/${lessonId}/`,
    maxAge: STREAM_ACCESS_SECONDS * 1000,
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().publicUrl.startsWith("https://"),
    encode: String,
  });
}
