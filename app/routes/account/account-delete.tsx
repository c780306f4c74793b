import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { PASSWORD_MAX } from "~/lib/forms/limits";
import type { AccountActionResult } from "./account-actions.server";

/** "Delete my account": what goes, what the school keeps, and the password (or a fresh sign-in) to confirm. */
export function DeleteAccountSection({
  hasPassword,
  result,
  pending,
}: {
  hasPassword: boolean;
  result: AccountActionResult | undefined;
  pending: boolean;
}) {
  const error = result?.errors?.password?.[0];
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2 id="delete-account-heading">Delete my account</h2>
        </CardTitle>
        <CardDescription>This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          <strong>What goes:</strong> your profile and sign-in, every session on every device, your courses and progress, quiz
          attempts, certificates, reviews, saved courses and newsletter subscription. A membership is cancelled at once, with no
          refund of the current period. Your discussion posts stay in their threads, signed “Former member”.
        </p>
        <p>
          <strong>What the school keeps, because the law requires it:</strong> your orders and invoices, with your account and
          e-mail address taken off the orders.
        </p>
        {result?.error ? (
          <p role="alert" className="font-medium text-destructive">
            {result.error}
          </p>
        ) : null}
        <Form method="post" className="grid max-w-sm gap-2">
          <input type="hidden" name="intent" value="delete-account" />
          {hasPassword ? (
            <>
              <label htmlFor="delete-account-password" className="font-medium">
                Your password
              </label>
              <Input
                id="delete-account-password"
                name="password"
                type="password"
                required
                maxLength={PASSWORD_MAX}
                autoComplete="current-password"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "delete-account-password-error" : undefined}
              />
            </>
          ) : (
            <p>Your account has no password: sign out and in again, then delete it within ten minutes.</p>
          )}
          {error ? (
            <p id="delete-account-password-error" className="font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" loading={pending}>
            Delete my account
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
