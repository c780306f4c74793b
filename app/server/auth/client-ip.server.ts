/**
 * Better Auth reads the client's address from a request header only. server.ts writes Express's
 * `req.ip` (which honours TRUST_PROXY) into this header on every /api/auth request, replacing
 * whatever the client sent, and the app's own auth forms forward the same value; so the per-IP
 * rate limits count the real client and cannot be dodged by sending a made-up header.
 */
export const CLIENT_IP_HEADER = "x-launchpad-client-ip";

/**
 * A loopback peer is either a tool on this machine (the end-to-end tests, a health probe) or a
 * reverse proxy that is not trusted (TRUST_PROXY unset). Limiting it per IP would put every
 * visitor behind that proxy into one shared bucket, so per-IP limits skip it; the per-account
 * limits still apply.
 */
export function isLoopbackAddress(ip: string | null | undefined) {
  if (!ip) return false;
  const address = ip.trim().toLowerCase();
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
