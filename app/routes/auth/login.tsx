import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthOAuthButtons } from "~/components/auth-oauth-buttons";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { EMAIL_MAX } from "~/lib/forms/limits";
import { firstError } from "~/lib/forms/field-errors";

import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader, action } from "./login.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign in",
    description: `Sign in to your ${siteSettingsOf(args).schoolName} account.`,
    path: "/login",
    noIndex: true,
  });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Signing in leaves the page (a redirect), so the button stays busy until the next page loads.
  const pendingIntent = navigation.state !== "idle" ? (navigation.formData?.get("intent") ?? null) : null;
  const result = actionData;
  const fieldErrors = result && "errors" in result && result.intent === "sign-in" ? result.errors : undefined;
  // A refused resend or OAuth form has no field on screen: its message goes in the alert.
  const refused = result && "errors" in result && result.intent !== "sign-in" ? firstError(result.errors) : undefined;
  const error = result && "error" in result ? result.error : refused;
  const unverifiedEmail = result && "unverifiedEmail" in result ? result.unverifiedEmail : undefined;
  const resent = result && "resent" in result;
  const typedEmail = result && "values" in result ? result.values?.email : undefined;
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
          <FormField label="Email" name="email" error={fieldErrors?.email}>
            <Input type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={typedEmail} />
          </FormField>
          <FormField label="Password" name="password" error={fieldErrors?.password}>
            <Input type="password" autoComplete="current-password" required />
          </FormField>
          <div className="-mt-1 text-right text-sm">
            <Link to="/reset-password" className="font-medium text-primary underline-offset-4 hover:underline">
              Forgot your password?
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={pendingIntent === "sign-in"}>
            Sign in
          </Button>
        </Form>
        <AuthOAuthButtons providers={loaderData.oauth} next={loaderData.next} />
      </div>
    </AuthCard>
  );
}
