import type * as React from "react";
import { MailCheck } from "lucide-react";

type AuthCheckEmailProps = { email: string; children?: React.ReactNode };

/** The "check your email" state that sign-up and password reset end in. */
export function AuthCheckEmail({ email, children }: AuthCheckEmailProps) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-6" />
      </div>
      <h2 className="text-xl font-semibold">Check your email</h2>
      <p className="text-sm text-muted-foreground">
        We sent a message to <strong className="break-all font-semibold text-foreground">{email}</strong>. {children}
      </p>
      <p className="text-xs text-muted-foreground">Nothing there after a few minutes? Look in your spam folder.</p>
    </div>
  );
}
