import crypto from "node:crypto";
import { resolveAuthSecrets } from "~/server/auth/auth-secrets.server";
import { getConfig } from "~/server/platform/config.server";

/**
 * The browser that paid a guest checkout (no one is signed in) sees that order's confirmation, and
 * no other browser does: the checkout sets `guest_order=<order id>.<HMAC>` (HttpOnly, SameSite=Lax,
 * for /checkout, a day), and the success page shows a signed-out visitor only the order it names.
 */
const COOKIE = "guest_order";
const MAX_AGE_SECONDS = 24 * 60 * 60;

const signatureWith = (secret: string, orderId: string) =>
  crypto.createHmac("sha256", secret).update(`guest-order:${orderId}`).digest("base64url");

/** The Set-Cookie header that lets this browser see the guest order's confirmation. */
export function guestOrderCookie(orderId: string) {
  const config = getConfig();
  const value = `${orderId}.${signatureWith(resolveAuthSecrets(config)[0], orderId)}`;
  const secure = config.publicUrl.startsWith("https://") ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/checkout; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The guest order this browser paid, if its cookie is there and signed by one of the site's secrets. */
export function readGuestOrderId(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const value = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  const [orderId, signature] = value?.split(".") ?? [];
  if (!orderId || !signature) return null;
  const given = Buffer.from(signature);
  const valid = resolveAuthSecrets(getConfig()).some((secret) => {
    const expected = Buffer.from(signatureWith(secret, orderId));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  return valid ? orderId : null;
}
