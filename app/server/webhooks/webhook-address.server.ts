import dns from "node:dns";
import net from "node:net";
import { getConfig } from "~/server/platform/config.server";

/**
 * The webhook sender's guard against server-side request forgery (docs/decisions/050): an
 * endpoint must be https and must not resolve to an address inside the school's own network
 * (loopback, private, link-local, carrier-grade NAT, unique-local, the cloud metadata address,
 * multicast, unspecified), checked when it is saved and again at every delivery, on the very
 * address the connection uses (a DNS answer can change between the two). Hosts named in
 * WEBHOOK_ALLOWED_HOSTS skip both rules, for development and tests.
 */

export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

/** IPv4 ranges no webhook may reach (CIDR). */
const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as [string, number][]) {
  blockList.addSubnet(address, prefix, "ipv6");
}

/** True for an address a webhook may not reach; an IPv4-mapped IPv6 address is judged as its IPv4. */
export function isForbiddenAddress(address: string) {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return blockList.check(mapped[1]!, "ipv4");
  const family = net.isIP(address);
  if (family === 0) return true;
  return blockList.check(address, family === 4 ? "ipv4" : "ipv6");
}

export function isAllowedHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return getConfig().webhookAllowedHosts.includes(host);
}

/** The URL as the sender will use it, or a WebhookAddressError saying why it cannot be one. */
export function parseWebhookUrl(raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError("Enter a full URL, starting with https://");
  }
  if (url.username || url.password) throw new WebhookAddressError("The URL cannot carry a user name or password");
  const allowed = isAllowedHost(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed))
    throw new WebhookAddressError("The URL must start with https://");
  return { url, allowed };
}

type LookupAddress = { address: string; family: number };

/** Every address the host resolves to; refused if any is forbidden (unless the host is allowed). */
async function resolveAllowed(hostname: string, allowed: boolean): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const addresses: LookupAddress[] = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new WebhookAddressError(`The host ${host} could not be found`);
      });
  if (addresses.length === 0) throw new WebhookAddressError(`The host ${host} could not be found`);
  if (!allowed && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new WebhookAddressError("The URL leads to a private or local address, which webhooks cannot reach");
  }
  return addresses;
}

/** The check at save time: the URL's form and where its host resolves now. */
export async function checkWebhookUrl(raw: string) {
  const { url, allowed } = parseWebhookUrl(raw);
  await resolveAllowed(url.hostname, allowed);
  return url.toString();
}

/**
 * A `lookup` for http(s).request that resolves, checks and hands back only checked addresses,
 * so the connection goes to the address that was judged, never to a second DNS answer.
 */
export function guardedLookup(allowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, allowed).then(
      (addresses) => {
        if ((options as dns.LookupOptions).all)
          return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}
