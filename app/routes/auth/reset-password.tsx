import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthCheckEmail } from "~/components/auth-check-email";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toastSuccess } from "~/components/ui/toaster";
import { pageMeta } from "~/lib/seo";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { RESET_CALLBACK_PATH } from "~/server/auth/auth.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { parseForm, resetRequestSchema } from "./auth-forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reset password",
    description: "Get a link to choose a new password for your Launchpad Academy account.",
    path: "/reset-password",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ request, context });
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const parsed = parseForm(resetRequestSchema, form);
  if (parsed.errors) return data({ fieldErrors: parsed.errors, email }, { status: 400 });
  // The answer is the same whether or not the address has an account.
  const result = await callAuthEndpoint({
    request,
    context,
    path: "/request-password-reset",
    body: { email: parsed.data.email, redirectTo: RESET_CALLBACK_PATH },
  });
  if (!result.ok) return data({ error: result.error.message, email }, { status: result.status });
  return { sent: true as const, email: parsed.data.email };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData ? actionData : undefined;
  const failure = actionData && !("sent" in actionData) ? actionData : undefined;

  useEffect(() => {
    if (sent) toastSuccess("Password reset email sent");
  }, [sent]);

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
          <FormField label="Email" name="email" error={failure && "fieldErrors" in failure ? failure.fieldErrors.email : undefined}>
            <Input type="email" autoComplete="email" required defaultValue={failure?.email} />
          </FormField>
          <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
            Send reset link
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
