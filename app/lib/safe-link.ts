/**
 * Links the owner types on their pages (buttons, "View all" links), read with one parser: `new URL`.
 * No zod here, so public pages check a stored link again without loading the forms' code.
 */

const SITE = "https://site.invalid";

/** A link a visitor may follow: a path on this site, an http(s) address, mailto: or an #anchor. Never javascript:, data: or //other.host. */
export function isSafeLink(value: string) {
  if (/^#[\w-]*$/.test(value)) return true;
  if (/^\/(?![/\\])/.test(value)) {
    try {
      return new URL(value, SITE).origin === SITE;
    } catch {
      return false;
    }
  }
  if (!/^(https?:\/\/[^/\\]|mailto:)/i.test(value)) return false;
  try {
    return ["https:", "http:", "mailto:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
