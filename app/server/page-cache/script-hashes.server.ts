import crypto from "node:crypto";

/**
 * The CSP sources that allow a cached page's inline scripts: one `'sha256-…'` per inline
 * `<script>` (React Router's context and module loader, the scroll restorer, streamed data).
 * A browser ends a script element at the first `</script`, so this reads them the same way; the
 * hash covers the text exactly as sent. Scripts with a `src` load under 'strict-dynamic' from the
 * hashed module script, as they did under the nonce.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    const [, attributes, text] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // Data blocks (JSON-LD) are never run, so they need no permission.
    if (/\stype\s*=\s*"?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The page without its `nonce="…"` attributes: a nonce is for one response, and a cached page is sent to many. */
export function withoutNonce(html: string, nonce: string): string | null {
  if (!nonce) return html;
  const stripped = html.replaceAll(` nonce="${nonce}"`, "");
  // Anywhere else (it should not be) the nonce would be replayed: then the page is not cached.
  return stripped.includes(nonce) ? null : stripped;
}
