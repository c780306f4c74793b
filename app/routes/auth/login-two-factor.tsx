import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

import { pageMeta } from "~/lib/seo";

export { loader, action } from "./login-two-factor.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Two-factor sign-in",
    description: "Enter the code from your authenticator app.",
    path: "/login/two-factor",
    noIndex: true,
  });

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = actionData;
  const backup = loaderData.method === "backup";

  const otherMethod = `/login/two-factor?next=${encodeURIComponent(loaderData.next)}${backup ? "" : "&method=backup"}`;
  return (
    <AuthCard
      title="Two-factor sign-in"
      description={
        backup
          ? "Enter one of the backup codes you saved when you turned on two-factor sign-in."
          : "Enter the 6-digit code from your authenticator app."
      }
      footer={
        <Link
          to={`/login?next=${encodeURIComponent(loaderData.next)}`}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      }
    >
      <div className="grid gap-5">
        {failure ? (
          <AuthAlert>
            {failure.error}
            {failure.expired ? (
              <>
                {" "}
                <Link to="/login" className="font-semibold underline">
                  Sign in again
                </Link>
              </>
            ) : null}
          </AuthAlert>
        ) : null}
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="method" value={loaderData.method} />
          <input type="hidden" name="next" value={loaderData.next} />
          <FormField label={backup ? "Backup code" : "Authentication code"} name="code">
            {backup ? (
              <Input key="backup" autoComplete="off" required autoFocus spellCheck={false} />
            ) : (
              // Its own element: switching methods must not leave this one's pattern on the other.
              <Input
                key="authenticator"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                autoFocus
              />
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="trust-device" name="trustDevice" />
            <Label htmlFor="trust-device" className="font-normal">
              Trust this device for 30 days
            </Label>
          </div>
          <Button type="submit" className="w-full" loading={navigation.formData !== undefined}>
            Verify
          </Button>
        </Form>
        <Link to={otherMethod} className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
        </Link>
      </div>
    </AuthCard>
  );
}
