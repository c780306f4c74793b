import { data, redirect, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { safeNextPath } from "~/lib/safe-next";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { VERIFIED_CALLBACK_PATH } from "~/server/auth/auth.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { completeSignIn, startOAuthSignIn } from "~/server/auth/sign-in-flow.server";
import { loginForm } from "./auth-forms";
import type { Route } from "./+types/login";
import { getOAuthProviders } from "~/server/auth/sign-in-flow.server";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** /login: sign in with email and password, ask for a new confirmation link, or start an OAuth sign-in. */
export async function loginAction({ request, context }: ActionArgs) {
  requireAnonymous({ request, context });
  const parsed = parseForm(loginForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed, { intent: parsed.values.intent });
  const form = parsed.data;

  switch (form.intent) {
    case "resend-verification": {
      const result = await callAuthEndpoint({
        request,
        context,
        path: "/send-verification-email",
        body: { email: form.email, callbackURL: safeNextPath(form.next, VERIFIED_CALLBACK_PATH) },
      });
      if (!result.ok)
        return data({ intent: form.intent, error: result.error.message, unverifiedEmail: form.email }, { status: result.status });
      return { intent: form.intent, resent: true as const };
    }
    case "oauth": {
      // Success throws the redirect to the provider; what comes back is why it could not start.
      const { error } = await startOAuthSignIn({ request, context, provider: form.provider, next: form.next });
      return data({ intent: form.intent, error }, { status: 400 });
    }
    case "sign-in": {
      const result = await callAuthEndpoint<{ twoFactorRedirect?: boolean }>({
        request,
        context,
        path: "/sign-in/email",
        body: { email: form.email, password: form.password, rememberMe: true },
      });
      if (!result.ok) {
        const unverified = result.error.code === "EMAIL_NOT_VERIFIED";
        return data(
          { intent: form.intent, error: result.error.message, values: parsed.values, unverifiedEmail: unverified ? form.email : undefined },
          { status: result.status },
        );
      }
      if (result.data?.twoFactorRedirect) {
        throw redirect(`/login/two-factor?next=${encodeURIComponent(safeNextPath(form.next))}`, { headers: result.cookies });
      }
      return completeSignIn({ next: form.next, cookies: result.cookies });
    }
  }
}

/** Notices a link can bring the visitor here with. */
const NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  "password-reset": { tone: "success", text: "Your password has been changed. Sign in with your new password." },
  "email-confirmed": { tone: "success", text: "Your email address is confirmed. Sign in with the password you chose when you signed up." },
  INVALID_TOKEN: { tone: "error", text: "That confirmation link is invalid or has expired. Sign in to get a new one." },
  TOKEN_EXPIRED: { tone: "error", text: "That confirmation link has expired. Sign in to get a new one." },
  USER_NOT_FOUND: { tone: "error", text: "That confirmation link belongs to an account that no longer exists." },
  signin_failed: { tone: "error", text: "Signing in with that provider did not work. Please try again." },
};

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  const url = new URL(request.url);
  const notice = NOTICES[url.searchParams.get("notice") ?? url.searchParams.get("error") ?? ""] ?? null;
  return { next: safeNextPath(url.searchParams.get("next")), notice, oauth: getOAuthProviders() };
}

export function action({ request, context }: Route.ActionArgs) {
  return loginAction({ request, context });
}
