import { FlaskConical } from "lucide-react";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";

/** Said on every checkout page and the admin dashboard while payments are in test mode. */
export function TestModeBanner() {
  return (
    <div role="note" aria-label="Test mode" className="flex gap-3 rounded-lg border border-warm/50 bg-accent p-4 text-accent-foreground">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{CHECKOUT_MESSAGES.testModeBanner}</p>
        <p className="text-sm">{CHECKOUT_MESSAGES.testModeDetail}</p>
      </div>
    </div>
  );
}
