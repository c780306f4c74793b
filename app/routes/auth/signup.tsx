import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthCheckEmail } from "~/components/auth-check-email";
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
import { getOAuthProviders, startOAuthSignIn } from "~/server/auth/sign-in-flow.server";
import { oauthSchema, parseForm, PASSWORD_MAX, PASSWORD_MIN, signUpSchema, type FieldErrors } from "./auth-forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Create account", description: "Create your Launchpad Academy account and start learning.", path: "/signup" });

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  return { next: safeNextPath(new URL(request.url).searchParams.get("next")), oauth: getOAuthProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ request, context });
  const form = await request.formData();
  if (form.get("intent") === "oauth") {
    const parsed = parseForm(oauthSchema, form);
    if (parsed.errors) return data({ error: "That sign-in method is not available." }, { status: 400 });
    const { error } = await startOAuthSignIn({ request, context, provider: parsed.data.provider, next: parsed.data.next });
    return data({ error }, { status: 400 });
  }

  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const parsed = parseForm(signUpSchema, form);
  if (parsed.errors) return data({ fieldErrors: parsed.errors, values }, { status: 400 });
  const { name, email, password } = parsed.data;
  const result = await callAuthEndpoint({
    request,
    context,
    path: "/sign-up/email",
    // The confirmation link signs the user in and lands on the account page.
    body: { name: name || email, email, password, callbackURL: VERIFIED_CALLBACK_PATH },
  });
  if (!result.ok) {
    // Password problems (too short, too common) belong under the password field.
    const onPassword = result.error.code.startsWith("PASSWORD");
    const fieldErrors: FieldErrors | undefined = onPassword ? { password: [result.error.message] } : undefined;
    return data({ error: onPassword ? undefined : result.error.message, fieldErrors, values }, { status: result.status });
  }
  return { sent: true as const, email };
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData ? actionData : undefined;
  const failure = actionData && !("sent" in actionData) ? actionData : undefined;
  const fieldErrors = failure && "fieldErrors" in failure ? failure.fieldErrors : undefined;
  const values = failure && "values" in failure ? failure.values : undefined;

  useEffect(() => {
    if (sent) toastSuccess("Account created!", "Please check your email to confirm your account.");
  }, [sent]);

  if (sent) {
    return (
      <AuthCard title="Create account">
        <AuthCheckEmail email={sent.email}>Open the link in it to confirm your address and sign in.</AuthCheckEmail>
      </AuthCard>
    );
  }

  const loginHref = loaderData.next === "/account" ? "/login" : `/login?next=${encodeURIComponent(loaderData.next)}`;
  return (
    <AuthCard
      title="Create account"
      description="Join thousands of store owners learning Shopify, AI and automation."
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref} className="font-semibold text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        {failure && "error" in failure && failure.error ? <AuthAlert>{failure.error}</AuthAlert> : null}
        <Form method="post" className="grid gap-4">
          <FormField label="Full name" name="name" error={fieldErrors?.name}>
            <Input autoComplete="name" maxLength={100} defaultValue={values?.name} />
          </FormField>
          <FormField label="Email" name="email" error={fieldErrors?.email}>
            <Input type="email" autoComplete="email" required defaultValue={values?.email} />
          </FormField>
          <FormField label="Password" name="password" error={fieldErrors?.password}>
            <Input
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              placeholder="Choose a password (min. 6 characters)"
            />
          </FormField>
          <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
            Create account
          </Button>
          <p className="text-xs text-muted-foreground">
            By creating an account you agree to our{" "}
            <Link to="/terms" className="underline underline-offset-2">
              Terms
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </p>
        </Form>
        <AuthOAuthButtons providers={loaderData.oauth} next={loaderData.next} />
      </div>
    </AuthCard>
  );
}
