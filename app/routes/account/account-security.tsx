import type { ReactNode } from "react";
import { KeyRound, MonitorSmartphone, ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { AuthAlert } from "~/components/auth-alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/forms/limits";
import type { AccountActionResult } from "./account-actions.server";

type Result = AccountActionResult | undefined;

function SectionTitle({ icon, id, children }: { icon: ReactNode; id?: string; children: ReactNode }) {
  return (
    <CardTitle asChild>
      <h3 id={id} className="flex items-center gap-2">
        <span aria-hidden="true" className="text-primary [&_svg]:size-5">
          {icon}
        </span>
        {children}
      </h3>
    </CardTitle>
  );
}

export function PasswordSection({ hasPassword, result, pending }: { hasPassword: boolean; result: Result; pending: boolean }) {
  return (
    <Card>
      <CardHeader>
        <SectionTitle icon={<KeyRound />}>Password</SectionTitle>
        <CardDescription>
          {hasPassword
            ? "Change the password you sign in with. You need your current one."
            : "You sign in with Google or GitHub, so there is no password to change."}
        </CardDescription>
      </CardHeader>
      {hasPassword ? (
        <CardContent>
          {/* key: each successful change empties the form */}
          <Form method="post" className="grid max-w-md gap-4" key={result?.toast?.kind === "success" ? result.toast.id : "form"}>
            <input type="hidden" name="intent" value="change-password" />
            <FormField label="Current password" name="currentPassword" error={result?.errors?.currentPassword}>
              <Input type="password" autoComplete="current-password" required />
            </FormField>
            <FormField
              label="New password"
              name="newPassword"
              error={result?.errors?.newPassword}
              hint="At least 6 characters, and not one of the most common passwords."
            >
              <Input type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} />
            </FormField>
            <div className="flex items-center gap-2">
              <Checkbox id="revoke-other-sessions" name="revokeOtherSessions" defaultChecked />
              <Label htmlFor="revoke-other-sessions" className="font-normal">
                Sign out of all other sessions
              </Label>
            </div>
            {result?.error ? <AuthAlert>{result.error}</AuthAlert> : null}
            <div>
              <Button type="submit" loading={pending}>
                Change password
              </Button>
            </div>
          </Form>
        </CardContent>
      ) : null}
    </Card>
  );
}

type TwoFactorResults = { enable: Result; confirm: Result; disable: Result };

export function TwoFactorSection({
  enabled,
  hasPassword,
  results,
  pendingIntent,
}: {
  enabled: boolean;
  hasPassword: boolean;
  results: TwoFactorResults;
  pendingIntent: string | null;
}) {
  const setup = results.enable?.setup ?? results.confirm?.setup;
  const backupCodes = results.confirm?.backupCodes;
  return (
    <Card>
      <CardHeader>
        <SectionTitle icon={<ShieldCheck />}>Two-factor sign-in</SectionTitle>
        <CardDescription>
          Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy…) after your password, so a stolen password alone
          is not enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex items-center gap-2 text-sm">
          Status: <Badge variant={enabled ? "success" : "outline"}>{enabled ? "On" : "Off"}</Badge>
        </p>

        {backupCodes ? (
          <div className="grid gap-3 rounded-lg border border-warm/50 bg-accent p-4">
            <h4 className="font-semibold">Save your backup codes</h4>
            <p className="text-sm text-accent-foreground">
              Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be shown again.
            </p>
            <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
              {backupCodes.map((code) => (
                <li key={code} className="rounded bg-background px-2 py-1 text-center">
                  {code}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {!enabled && !hasPassword ? (
          <p className="text-sm text-muted-foreground">
            Two-factor sign-in protects password sign-in; your account signs in with Google or GitHub.
          </p>
        ) : null}

        {!enabled && hasPassword && setup ? (
          <div className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start">
            <img
              src={setup.qrCodeDataUrl}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="size-44 rounded-md border bg-white p-2"
            />
            <div className="grid gap-3">
              <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                <li>Scan the QR code with your authenticator app.</li>
                <li>
                  Or type this key into it:{" "}
                  <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{setup.manualKey}</code>
                </li>
                <li>Enter the 6-digit code the app shows to finish.</li>
              </ol>
              <Form method="post" className="grid max-w-xs gap-3">
                <input type="hidden" name="intent" value="confirm-two-factor" />
                <input type="hidden" name="totpUri" value={setup.totpUri} />
                <FormField label="Code from the app" name="code" error={results.confirm?.errors?.code}>
                  <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required />
                </FormField>
                <div>
                  <Button type="submit" loading={pendingIntent === "confirm-two-factor"}>
                    Confirm and turn on
                  </Button>
                </div>
              </Form>
            </div>
          </div>
        ) : null}

        {!enabled && hasPassword && !setup ? (
          <Form method="post" className="grid max-w-md gap-3">
            <input type="hidden" name="intent" value="enable-two-factor" />
            <FormField label="Confirm your password" name="password" error={results.enable?.errors?.password}>
              <Input type="password" autoComplete="current-password" required />
            </FormField>
            {results.enable?.error ? <AuthAlert>{results.enable.error}</AuthAlert> : null}
            <div>
              <Button type="submit" loading={pendingIntent === "enable-two-factor"}>
                Set up two-factor sign-in
              </Button>
            </div>
          </Form>
        ) : null}

        {enabled ? (
          <Form method="post" className="grid max-w-md gap-3">
            <input type="hidden" name="intent" value="disable-two-factor" />
            <FormField label="Confirm your password to turn it off" name="password" error={results.disable?.errors?.password}>
              <Input type="password" autoComplete="current-password" required />
            </FormField>
            {results.disable?.error ? <AuthAlert>{results.disable.error}</AuthAlert> : null}
            <div>
              <Button type="submit" variant="destructive" loading={pendingIntent === "disable-two-factor"}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

type SessionItem = { id: string; device: string; ipAddress: string | null; current: boolean; signedIn: string; lastActive: string };

export function SessionsSection({ sessions, pendingIntent }: { sessions: SessionItem[]; pendingIntent: string | null }) {
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card role="region" aria-labelledby="sessions-heading">
      <CardHeader>
        <SectionTitle icon={<MonitorSmartphone />} id="sessions-heading">
          Active sessions
        </SectionTitle>
        <CardDescription>Where your account is signed in. Sign out anything you don&apos;t recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y rounded-lg border">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  Signed in {session.signedIn} · last active {session.lastActive}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ""}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${session.device}, signed in ${session.signedIn}`}
                  >
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <Button type="submit" variant="outline" loading={pendingIntent === "revoke-other-sessions"}>
              Sign out of all other sessions
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
