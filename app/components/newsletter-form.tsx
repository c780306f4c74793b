import { Mail } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { EMAIL_MAX } from "~/lib/forms/limits";
import { cn } from "~/lib/utils";
// Type only: the schema module (and zod) stay out of every page's bundle.
import type { NewsletterStatus } from "~/lib/forms/newsletter-form";

export const NEWSLETTER_SENT_MESSAGE = "Almost there! Check your inbox for a link to confirm your subscription.";
export const NEWSLETTER_INVALID_MESSAGE = "Enter a valid email address.";
export const NEWSLETTER_LIMITED_MESSAGE = "Too many requests from your network. Please try again in a few minutes.";

const MESSAGES: Record<NewsletterStatus, string> = {
  sent: NEWSLETTER_SENT_MESSAGE,
  invalid: NEWSLETTER_INVALID_MESSAGE,
  limited: NEWSLETTER_LIMITED_MESSAGE,
};

type NewsletterActionData = { status: NewsletterStatus };

/**
 * The "Get Playbooks" signup. It posts to /newsletter: without JavaScript the action redirects
 * back here with `?newsletter=<formId>.<status>`; with JavaScript a fetcher keeps the page as it is.
 */
export function NewsletterForm({ formId, className }: { formId: string; className?: string }) {
  const fetcher = useFetcher<NewsletterActionData>();
  const location = useLocation();
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const fromUrl = new URLSearchParams(location.search).get("newsletter");
  const fromThisForm = fromUrl?.startsWith(`${formId}.`) ? fromUrl.slice(formId.length + 1) : null;
  const status = fetcher.data?.status ?? (fromThisForm && Object.hasOwn(MESSAGES, fromThisForm) ? (fromThisForm as NewsletterStatus) : null);
  const busy = fetcher.state !== "idle";
  // The redirect target without our own status parameter, so it does not pile up.
  const back = new URLSearchParams(location.search);
  back.delete("newsletter");
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;

  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      id={`newsletter-${formId}`}
      className={cn("grid gap-2", className)}
      aria-describedby={status ? messageId : undefined}
    >
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="mode" value="fetcher" /> : null}
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Mail aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={inputId}
            type="email"
            name="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={status === "invalid" || undefined}
            aria-describedby={status ? messageId : undefined}
            className="pl-9"
          />
        </div>
        <Button type="submit" loading={busy}>
          Get Playbooks
        </Button>
      </div>
      <p
        id={messageId}
        role="status"
        className={cn("min-h-5 text-sm font-medium", status === "sent" ? "text-success" : "text-destructive")}
      >
        {status ? MESSAGES[status] : ""}
      </p>
    </fetcher.Form>
  );
}
