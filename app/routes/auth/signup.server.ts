import { data, type RouterContextProvider } from "react-router";
import { parseForm, type FieldErrors } from "~/lib/forms/parse-form";
import { safeNextPath } from "~/lib/safe-next";
import { invalidForm, readForm } from "~/server/action.server";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { VERIFIED_CALLBACK_PATH } from "~/server/auth/auth.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { startOAuthSignIn } from "~/server/auth/sign-in-flow.server";
import { dataWithToast } from "~/server/toast.server";
import { signupForm } from "./auth-forms";
import type { Route } from "./+types/signup";
import { getOAuthProviders } from "~/server/auth/sign-in-flow.server";

/** /signup: create an account (it ends in "check your email"), or start an OAuth sign-in. */
export async function signupAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAnonymous({ request, context });
  const parsed = parseForm(signupForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;

  if (form.intent === "oauth") {
    // Success throws the redirect to the provider; what comes back is why it could not start.
    const { error } = await startOAuthSignIn({ request, context, provider: form.provider, next: form.next });
    return data({ error }, { status: 400 });
  }

  const result = await callAuthEndpoint({
    request,
    context,
    path: "/sign-up/email",
    // The confirmation link lands where the visitor was going (a checkout, with its coupon), else on
    // the account page; signed in when opened in this browser (sign-up-confirmation.server.ts).
    body: {
      name: form.name || form.email,
      email: form.email,
      password: form.password,
      callbackURL: safeNextPath(form.next, VERIFIED_CALLBACK_PATH),
    },
  });
  if (!result.ok) {
    // Password problems (too short, too common) belong under the password field.
    if (result.error.code.startsWith("PASSWORD")) {
      const errors: FieldErrors = { password: [result.error.message] };
      return data({ errors, values: parsed.values }, { status: result.status });
    }
    return data({ error: result.error.message, values: parsed.values }, { status: result.status });
  }
  // The cookie that lets this browser be signed in by the confirmation link (sign-up-confirmation.server.ts).
  return dataWithToast(
    { sent: true as const, email: form.email },
    { kind: "success", message: "Account created!", description: "Please check your email to confirm your account." },
    { headers: result.cookies },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  return { next: safeNextPath(new URL(request.url).searchParams.get("next")), oauth: getOAuthProviders() };
}

export function action({ request, context }: Route.ActionArgs) {
  return signupAction({ request, context });
}
