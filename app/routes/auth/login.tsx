import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/login";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthClientFlag, CLIENT_FLAG_FIELD } from "~/components/auth-client-flag";
import { AuthOAuthButtons } from "~/components/auth-oauth-buttons";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toastSuccess } from "~/components/ui/toaster";
import { safeNextPath } from "~/lib/safe-next";
import { pageMeta } from "~/lib/seo";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { VERIFIED_CALLBACK_PATH } from "~/server/auth/auth.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { completeSignIn, getOAuthProviders, startOAuthSignIn } from "~/server/auth/sign-in-flow.server";
import { oauthSchema, parseForm, resendVerificationSchema, signInSchema } from "./auth-forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign in", description: "Sign in to your Launchpad Academy account.", path: "/login", noIndex: true });

/** Notices a link can bring the visitor here with. */
const NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  "password-reset": { tone: "success", text: "Your password has been changed. Sign in with your new password." },
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

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "resend-verification") {
    const parsed = parseForm(resendVerificationSchema, form);
    if (parsed.errors)
      return data({ intent: "resend-verification" as const, error: parsed.errors.email?.[0] ?? "Email is required" }, { status: 400 });
    const result = await callAuthEndpoint({
      request,
      context,
      path: "/send-verification-email",
      body: { email: parsed.data.email, callbackURL: VERIFIED_CALLBACK_PATH },
    });
    if (!result.ok)
      return data(
        { intent: "resend-verification" as const, error: result.error.message, unverifiedEmail: parsed.data.email },
        { status: result.status },
      );
    return { intent: "resend-verification" as const, resent: true as const };
  }

  if (intent === "oauth") {
    const parsed = parseForm(oauthSchema, form);
    if (parsed.errors) return data({ intent: "oauth" as const, error: "That sign-in method is not available." }, { status: 400 });
    const { error } = await startOAuthSignIn({ request, context, provider: parsed.data.provider, next: parsed.data.next });
    return data({ intent: "oauth" as const, error }, { status: 400 });
  }

  const parsed = parseForm(signInSchema, form);
  const email = String(form.get("email") ?? "");
  if (parsed.errors) return data({ intent: "sign-in" as const, fieldErrors: parsed.errors, email }, { status: 400 });
  const { email: address, password, next } = parsed.data;
  const result = await callAuthEndpoint<{ twoFactorRedirect?: boolean }>({
    request,
    context,
    path: "/sign-in/email",
    body: { email: address, password, rememberMe: true },
  });
  if (!result.ok) {
    const unverified = result.error.code === "EMAIL_NOT_VERIFIED";
    return data(
      { intent: "sign-in" as const, error: result.error.message, email, unverifiedEmail: unverified ? address : undefined },
      { status: result.status },
    );
  }
  if (result.data?.twoFactorRedirect) {
    throw redirect(`/login/two-factor?next=${encodeURIComponent(safeNextPath(next))}`, { headers: result.cookies });
  }
  return completeSignIn({ next, cookies: result.cookies, clientRendered: form.get(CLIENT_FLAG_FIELD) === "js" });
}

/** After a successful sign-in the page moves on itself; re-running its loader would bounce to /account first. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.signedIn ? false : defaultShouldRevalidate;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pendingIntent = navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "sign-in") : null;
  const result = actionData && "intent" in actionData ? actionData : undefined;
  const signedIn = actionData && "signedIn" in actionData ? actionData : undefined;

  useEffect(() => {
    if (!signedIn) return;
    toastSuccess("Welcome back!", "You have been signed in successfully.");
    navigate(signedIn.redirectTo, { replace: true });
  }, [signedIn, navigate]);

  const fieldErrors = result && "fieldErrors" in result ? result.fieldErrors : undefined;
  const error = result && "error" in result ? result.error : undefined;
  const unverifiedEmail = result && "unverifiedEmail" in result ? result.unverifiedEmail : undefined;
  const resent = result && "resent" in result;
  const signupHref = loaderData.next === "/account" ? "/signup" : `/signup?next=${encodeURIComponent(loaderData.next)}`;

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to continue learning."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to={signupHref} className="font-semibold text-primary underline-offset-4 hover:underline">
            Create one
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        {loaderData.notice && !result ? <AuthAlert tone={loaderData.notice.tone}>{loaderData.notice.text}</AuthAlert> : null}
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        {resent ? (
          <AuthAlert tone="success">
            If that address has an unconfirmed account, we sent a new confirmation link. Check your email.
          </AuthAlert>
        ) : null}
        {unverifiedEmail ? (
          <Form method="post" className="rounded-lg border bg-muted p-3 text-sm">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="email" value={unverifiedEmail} />
            <p className="text-muted-foreground">Didn&apos;t get the email, or the link expired?</p>
            <Button type="submit" variant="link" className="mt-1" loading={pendingIntent === "resend-verification"}>
              Resend confirmation email
            </Button>
          </Form>
        ) : null}

        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="next" value={loaderData.next} />
          <AuthClientFlag />
          <FormField label="Email" name="email" error={fieldErrors?.email}>
            <Input type="email" autoComplete="email" required defaultValue={result && "email" in result ? result.email : undefined} />
          </FormField>
          <FormField label="Password" name="password" error={fieldErrors?.password}>
            <Input type="password" autoComplete="current-password" required />
          </FormField>
          <div className="-mt-1 text-right text-sm">
            <Link to="/reset-password" className="font-medium text-primary underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={pendingIntent === "sign-in" || Boolean(signedIn)}>
            Sign in
          </Button>
        </Form>
        <AuthOAuthButtons providers={loaderData.oauth} next={loaderData.next} />
      </div>
    </AuthCard>
  );
}
