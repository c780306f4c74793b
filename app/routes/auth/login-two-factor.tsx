import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { AuthAlert } from "~/components/auth-alert";
import { AuthCard } from "~/components/auth-card";
import { AuthClientFlag, CLIENT_FLAG_FIELD } from "~/components/auth-client-flag";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toastSuccess } from "~/components/ui/toaster";
import { safeNextPath } from "~/lib/safe-next";
import { pageMeta } from "~/lib/seo";
import { callAuthEndpoint } from "~/server/auth/auth-request.server";
import { requireAnonymous } from "~/server/auth/guards.server";
import { completeSignIn } from "~/server/auth/sign-in-flow.server";
import { parseForm, twoFactorSchema } from "./auth-forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Two-factor sign-in",
    description: "Enter the code from your authenticator app.",
    path: "/login/two-factor",
    noIndex: true,
  });

/** Better Auth's short-lived cookie that says "password checked, code still needed". */
const hasTwoFactorChallenge = (request: Request) =>
  /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ request, context });
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  if (!hasTwoFactorChallenge(request)) throw redirect(`/login?next=${encodeURIComponent(next)}`);
  return { next, method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ request, context });
  const form = await request.formData();
  const parsed = parseForm(twoFactorSchema, form);
  if (parsed.errors) return data({ error: parsed.errors.code?.[0] ?? "Enter the code", expired: false }, { status: 400 });
  const { method, code, trustDevice, next } = parsed.data;
  const result = await callAuthEndpoint({
    request,
    context,
    path: method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
    body: { code: method === "totp" ? code.replace(/\s+/g, "") : code, trustDevice: trustDevice === "on" },
  });
  if (!result.ok) {
    const expired = ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"].includes(result.error.code);
    return data({ error: result.error.message, expired }, { status: result.status, headers: result.cookies });
  }
  return completeSignIn({ next, cookies: result.cookies, clientRendered: form.get(CLIENT_FLAG_FIELD) === "js" });
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.signedIn ? false : defaultShouldRevalidate;
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const signedIn = actionData && "signedIn" in actionData ? actionData : undefined;
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const backup = loaderData.method === "backup";

  useEffect(() => {
    if (!signedIn) return;
    toastSuccess("Welcome back!", "You have been signed in successfully.");
    navigate(signedIn.redirectTo, { replace: true });
  }, [signedIn, navigate]);

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
          <AuthClientFlag />
          <FormField label={backup ? "Backup code" : "Authentication code"} name="code">
            {backup ? (
              <Input autoComplete="off" required autoFocus spellCheck={false} />
            ) : (
              <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus />
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="trust-device" name="trustDevice" />
            <Label htmlFor="trust-device" className="font-normal">
              Trust this device for 30 days
            </Label>
          </div>
          <Button type="submit" className="w-full" loading={navigation.state === "submitting" || Boolean(signedIn)}>
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
