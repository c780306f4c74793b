import { useEffect, useState } from "react";

/** Name of the hidden field a hydrated form sends, so its action can answer with data instead of a redirect. */
export const CLIENT_FLAG_FIELD = "client";

/**
 * Rendered only once React has hydrated. An action that sees the flag answers with data, so
 * the page can show its toast before moving on; without JavaScript the same action redirects.
 */
export function AuthClientFlag() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name={CLIENT_FLAG_FIELD} value="js" /> : null;
}
