import { data, type RouterContextProvider } from "react-router";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { completeSignIn } from "~/server/auth/sign-in-flow.server";
import { twoFactorForm } from "./auth-forms";
import { readForm } from "~/server/action.server";
import { redirect } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { safeNextPath } from "~/lib/safe-next";

const EXPIRED_CODES = ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"];

/** /login/two-factor: the code from the authenticator app, or a backup code, finishes the sign-in. */
export async function twoFactorAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAnonymous({ request, context });
  const parsed = parseForm(twoFactorForm, await readForm(request));
  // The page has one field, so its message is the page's alert.
  if (parsed.errors) return data({ error: firstError(parsed.errors) ?? "Enter the code", expired: false }, { status: 400 });
  const { method, code, trustDevice, next } = parsed.data;
  const result = await callAuthEndpoint({
    request,
    context,
    path: method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
    body: { code: method === "totp" ? code.replace(/\s+/g, "") : code, trustDevice },
  });
  if (!result.ok) {
    return data(
      { error: result.error.message, expired: EXPIRED_CODES.includes(result.error.code) },
      { status: result.status, headers: result.cookies },
    );
  }
  return completeSignIn({ next, cookies: result.cookies });
}

/** Better Auth's short-lived cookie that says "password checked, code still needed". */
const hasTwoFactorChallenge = (request: Request) =>
  /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  if (!hasTwoFactorChallenge(request)) throw redirect(`/login?next=${encodeURIComponent(next)}`);
  return { next, method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const) };
}

export function action({ request, context }: Route.ActionArgs) {
  return twoFactorAction({ request, context });
}
