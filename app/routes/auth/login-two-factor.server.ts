import { data, type RouterContextProvider } from "react-router";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { completeSignIn } from "~/server/auth/sign-in-flow.server";
import { twoFactorForm } from "./auth-forms";
import { readForm } from "~/server/action.server";

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
