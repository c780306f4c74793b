import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { normalizeRole } from "~/lib/roles";
import { getConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { getAuth } from "./auth.server";

/** Why a bearer token was refused; `message` is what the API answers (401 unless `status` says otherwise). */
export class BearerTokenError extends Error {
  constructor(
    message: string,
    readonly status = 401,
  ) {
    super(message);
    this.name = "BearerTokenError";
  }
}

type JwtHeader = { alg?: string; kid?: string; typ?: string };
type JwtPayload = { sub?: unknown; exp?: unknown; nbf?: unknown; iss?: unknown; aud?: unknown; [claim: string]: unknown };

/** How each algorithm the jwt plugin can use checks a signature with node:crypto. */
const VERIFIERS: Record<string, (key: crypto.KeyObject, data: Buffer, signature: Buffer) => boolean> = {
  EdDSA: (key, data, signature) => crypto.verify(null, data, key, signature),
  ES256: (key, data, signature) => crypto.verify("sha256", data, { key, dsaEncoding: "ieee-p1363" }, signature),
  ES512: (key, data, signature) => crypto.verify("sha512", data, { key, dsaEncoding: "ieee-p1363" }, signature),
  RS256: (key, data, signature) => crypto.verify("sha256", data, key, signature),
  PS256: (key, data, signature) =>
    crypto.verify("sha256", data, { key, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature),
};

function decodeSegment<T>(segment: string): T {
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as T;
  } catch {
    throw new BearerTokenError("Malformed JWT");
  }
}

/**
 * Verifies a JWT issued by Better Auth's jwt plugin (`GET /api/auth/token`) against the
 * plugin's published keys (the same set served at /.well-known/jwks.json): signature first,
 * then expiry, not-before, issuer and audience. Returns the payload.
 */
export async function verifyAccessToken({ token }: { token: string }) {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => !part)) throw new BearerTokenError("Malformed JWT");
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = decodeSegment<JwtHeader>(encodedHeader);

  const { keys } = await getAuth().api.getJwks();
  const jwk = keys.find((key) => key.kid === header.kid);
  const alg = jwk?.alg ?? "EdDSA";
  const verify = VERIFIERS[alg];
  // The header's alg must be the key's: a token may not choose how it is checked.
  if (!jwk || !verify || header.alg !== alg) throw new BearerTokenError("Invalid JWT signature");
  let valid = false;
  try {
    const key = crypto.createPublicKey({ key: jwk as crypto.JsonWebKey, format: "jwk" });
    valid = verify(key, Buffer.from(`${encodedHeader}.${encodedPayload}`), Buffer.from(encodedSignature, "base64url"));
  } catch {
    valid = false;
  }
  if (!valid) throw new BearerTokenError("Invalid JWT signature");

  const payload = decodeSegment<JwtPayload>(encodedPayload);
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== "number") throw new BearerTokenError("JWT has no expiry");
  if (payload.exp <= now) throw new BearerTokenError("JWT expired");
  if (typeof payload.nbf === "number" && payload.nbf > now) throw new BearerTokenError("JWT not yet valid");
  const origin = getConfig().publicUrl;
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.iss !== origin || !audiences.includes(origin)) throw new BearerTokenError("JWT issuer or audience not accepted");
  if (typeof payload.sub !== "string" || !payload.sub) throw new BearerTokenError("JWT has no subject");
  return payload as JwtPayload & { sub: string; exp: number };
}

/** The user a request's `Authorization: Bearer <jwt>` header stands for, as the API shows it. */
export async function authenticateBearerRequest({ request }: { request: Request }) {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) throw new BearerTokenError("Missing bearer token");
  const payload = await verifyAccessToken({ token: match[1] });
  const [user] = await db()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: users.emailVerified,
      banned: users.banned,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, payload.sub));
  if (!user) throw new BearerTokenError("User not found");
  if (user.banned) throw new BearerTokenError("This account is suspended", 403);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: normalizeRole(user.role),
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    tokenExpiresAt: new Date(payload.exp * 1000).toISOString(),
  };
}
