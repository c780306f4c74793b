import type * as React from "react";
import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import { cn } from "~/lib/utils";

const tones = {
  error: { icon: AlertCircle, className: "border-destructive/40 bg-destructive/5 text-destructive" },
  success: { icon: CheckCircle2, className: "border-success/40 bg-success/5 text-success" },
  info: { icon: Info, className: "border-primary/30 bg-primary/5 text-foreground" },
};

type AuthAlertProps = { tone?: keyof typeof tones; title?: string; children?: React.ReactNode; className?: string };

/**
 * The red box a failed sign-in, sign-up or reset shows (and its calmer info/success cousins).
 * Errors are announced at once (role="alert"); the others politely (role="status").
 */
export function AuthAlert({ tone = "error", title, children, className }: AuthAlertProps) {
  const { icon: Icon, className: toneClass } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-tone={tone}
      className={cn("flex gap-3 rounded-lg border p-3 text-sm", toneClass, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn(tone === "info" && "text-muted-foreground")}>{children}</div> : null}
      </div>
    </div>
  );
}
