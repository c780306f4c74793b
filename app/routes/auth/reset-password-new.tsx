import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password-new";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/forms/limits";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { safeNextPath } from "~/lib/safe-next";
import { resetPasswordAction } from "./reset-password-new.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Choose a new password",
    description: `Set a new password for your ${siteSettingsOf(args).schoolName} account.`,
    path: "/reset-password/new",
    noIndex: true,
  });

/**
 * The reset link lands here with ?token=… (or ?error=INVALID_TOKEN when it is no longer valid); a
 * guest checkout's set-password link also says where to go after signing in (`next`).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.get("error") ? null : token, next: safeNextPath(url.searchParams.get("next"), "") };
}

export function action({ request, context }: Route.ActionArgs) {
  return resetPasswordAction({ request, context });
}

export default function ResetPasswordNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.token) {
    return (
      <AuthCard title="Choose a new password">
        <div className="grid gap-4">
          <AuthAlert>This reset link is invalid or has expired. Please ask for a new one.</AuthAlert>
          <Button asChild>
            <Link to="/reset-password">Send a new link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  const fieldErrors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you don't use anywhere else. Signing in elsewhere will end when you save it."
    >
      <div className="grid gap-5">
        {actionData && "error" in actionData && actionData.error ? (
          <AuthAlert>
            {actionData.error}{" "}
            <Link to="/reset-password" className="font-semibold underline">
              Send a new link
            </Link>
          </AuthAlert>
        ) : null}
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
          <FormField label="New password" name="password" error={fieldErrors?.password}>
            <Input
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              placeholder="Choose a password (min. 6 characters)"
            />
          </FormField>
          <FormField label="Repeat new password" name="confirmPassword" error={fieldErrors?.confirmPassword}>
            <Input type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} />
          </FormField>
          <Button type="submit" className="w-full" loading={navigation.state === "submitting"}>
            Save new password
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
