import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthCheckEmail } from "~/components/auth-check-email";
import { AuthOAuthButtons } from "~/components/auth-oauth-buttons";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToastOnce } from "~/components/use-toast-once";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MAX } from "~/lib/forms/limits";

import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader, action } from "./signup.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Create account",
    description: `Create your ${siteSettingsOf(args).schoolName} account and start learning.`,
    path: "/signup",
  });

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData ? actionData : undefined;
  const failure = actionData && !("sent" in actionData) ? actionData : undefined;
  const fieldErrors = failure && "errors" in failure ? failure.errors : undefined;
  const values = failure && "values" in failure ? failure.values : undefined;
  useToastOnce(sent?.toast);

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
          <input type="hidden" name="intent" value="sign-up" />
          <FormField label="Full name" name="name" error={fieldErrors?.name}>
            <Input autoComplete="name" maxLength={PERSON_NAME_MAX} defaultValue={values?.name} />
          </FormField>
          <FormField label="Email" name="email" error={fieldErrors?.email}>
            <Input type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={values?.email} />
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
