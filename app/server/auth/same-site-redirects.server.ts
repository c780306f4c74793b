import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { safeNextPath } from "~/lib/safe-next";

/** Where the confirmation link lands: signed in, on the account page. */
export const VERIFIED_CALLBACK_PATH = "/account";
/** Where the reset link lands: the set-new-password form (Better Auth adds ?token=…). */
export const RESET_CALLBACK_PATH = "/reset-password/new";

/** The fields in which Better Auth is told where to send the browser next. */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "newUserCallbackURL", "errorCallbackURL"] as const;

function fallbackFor(path: string, field: (typeof REDIRECT_FIELDS)[number]) {
  if (field === "errorCallbackURL") return "/login";
  return path.includes("reset-password") ? RESET_CALLBACK_PATH : VERIFIED_CALLBACK_PATH;
}

function sameSite(path: string, input: unknown) {
  if (!input || typeof input !== "object") return null;
  const record = input as Record<string, unknown>;
  const changed: Record<string, string> = {};
  for (const field of REDIRECT_FIELDS) {
    const value = record[field];
    if (typeof value !== "string") continue;
    const safe = safeNextPath(value, fallbackFor(path, field));
    if (safe !== value) changed[field] = safe;
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

/**
 * Every place Better Auth redirects to after a sign-in, a confirmation link or a reset link
 * (`callbackURL`, `redirectTo`, …, in the body or the query) goes through the app's one sanitiser,
 * `safeNextPath`: a same-site path, or the page that flow normally ends on. Better Auth's own
 * origin check still runs first; this makes the rule the app's, for the JSON API and the forms alike.
 */
export function sameSiteRedirects() {
  return {
    id: "same-site-redirects",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const body = sameSite(ctx.path, ctx.body);
            const query = sameSite(ctx.path, ctx.query);
            if (!body && !query) return;
            return { context: { ...(body ? { body: { ...ctx.body, ...body } } : {}), ...(query ? { query: { ...ctx.query, ...query } } : {}) } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
