import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthCheckEmail } from "~/components/auth-check-email";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useToastOnce } from "~/components/use-toast-once";
import { EMAIL_MAX } from "~/lib/forms/limits";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader, action } from "./reset-password.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reset password",
    description: `Get a link to choose a new password for your ${siteSettingsOf(args).schoolName} account.`,
    path: "/reset-password",
  });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData ? actionData : undefined;
  const failure = actionData && !("sent" in actionData) ? actionData : undefined;

  useToastOnce(sent?.toast);

  const footer = (
    <>
      Remembered it?{" "}
      <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </>
  );
  if (sent) {
    return (
      <AuthCard title="Reset password" footer={footer}>
        <AuthCheckEmail email={sent.email}>
          If an account uses this address, the message has a link to choose a new password. The link works for one hour.
        </AuthCheckEmail>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset password"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={footer}
    >
      <div className="grid gap-5">
        {failure && "error" in failure ? <AuthAlert>{failure.error}</AuthAlert> : null}
        <Form method="post" className="grid gap-4">
          <FormField label="Email" name="email" error={failure && "errors" in failure ? failure.errors.email : undefined}>
            <Input type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={failure?.values.email} />
          </FormField>
          <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
            Send reset link
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
