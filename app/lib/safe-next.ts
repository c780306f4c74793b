/**
 * Where to go after signing in: only a same-site relative path ("/courses?x=1");
 * anything else (absolute URLs, protocol-relative "//host", backslashes) goes to /account.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/account") {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  try {
    const url = new URL(next, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
