const BASE = "http://local.invalid";

/** What a browser or router could read as "another host": `//host` or `/\host`. */
const LEAVES_SITE = /^[/\\]{2}|^\/\\/;
// Control characters are stripped or refused by URL parsers in different ways.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Decodes percent-escapes until nothing changes or what is left is not an escape ("100%"), the
 * way a careless later decode might; null if it keeps changing (deeply nested encoding).
 */
function fullyDecoded(value: string) {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * Where to go after signing in, confirming an address or resetting a password: only a same-site
 * path ("/courses?x=1"); anything else goes to `fallback`.
 *
 * The value is normalised first (as a browser would: tabs and newlines dropped, backslashes read
 * as slashes, `.`/`..` and `%2e` segments resolved) and the result is checked: same origin, one
 * leading `/`, and neither the result nor its percent-decoded form starting with `//` or `/\`.
 * So `/.//evil.com`, `/a/..//evil.com`, `/%2e//evil.com`, `/./\t/evil.com` and `/%2f%2fevil.com`
 * all fall back instead of becoming `//evil.com`.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/account") {
  if (typeof next !== "string" || !next.startsWith("/") || next.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const decodedPath = fullyDecoded(url.pathname);
  if (decodedPath === null || LEAVES_SITE.test(path) || LEAVES_SITE.test(decodedPath) || CONTROL.test(decodedPath)) return fallback;
  // The result must read the same when parsed again.
  if (new URL(path, BASE).origin !== BASE) return fallback;
  return path;
}
