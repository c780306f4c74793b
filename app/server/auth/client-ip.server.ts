/**
 * Better Auth reads the client's address from a request header only. server.ts writes Express's
 * `req.ip` (which honours TRUST_PROXY) into this header on every /api/auth request, replacing
 * whatever the client sent, and the app's own auth forms forward the same value; so the per-IP
 * rate limits count the real client and cannot be dodged by sending a made-up header.
 */
export const CLIENT_IP_HEADER = "x-launchpad-client-ip";

/**
 * A loopback peer. No limit exempts it (a client behind a proxy that is trusted for more hops
 * than there are could otherwise claim 127.0.0.1); server.ts uses it only to warn that a local
 * reverse proxy is forwarding requests while TRUST_PROXY is off.
 */
export function isLoopbackAddress(ip: string | null | undefined) {
  if (!ip) return false;
  const address = ip.trim().toLowerCase();
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
