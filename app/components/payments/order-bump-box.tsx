import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { BUMP_MESSAGES } from "~/lib/order-bump-messages";
import { formatMoney } from "~/lib/money";
import { formatDate } from "~/lib/dates";
import type { CheckoutOffer } from "~/server/payments/checkout.server";

/**
 * The course's, bundle's or membership plan's order bump (docs/decisions/067, 071, 074): a box with a tick, in a GET form back to this
 * checkout with `withBump=1`, so the server prices the total with it. With JavaScript, ticking
 * sends the form at once; without, "Update total" does. The Pay form carries the same choice.
 */
export function OrderBumpBox({ offer, coupon }: { offer: CheckoutOffer; coupon: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const bump = offer.bump;
  if (!bump) return null;
  const price = formatMoney(bump.priceCents, offer.currency);
  const country = offer.tax?.mode === "rates" ? offer.tax.country : null;
  return (
    <Form
      ref={formRef}
      method="get"
      action="/checkout"
      preventScrollReset
      className="grid gap-3 rounded-xl border-2 border-dashed border-primary/60 bg-primary/5 p-4"
      aria-labelledby="order-bump-heading"
    >
      <h2 id="order-bump-heading" className="text-sm font-semibold tracking-wide text-primary uppercase">
        Add to your order
      </h2>
      {offer.bundle ? (
        <input type="hidden" name="bundleId" value={offer.bundle.id} />
      ) : offer.plan ? (
        <input type="hidden" name="plan" value={offer.plan} />
      ) : (
        <input type="hidden" name="courseId" value={offer.courseId ?? ""} />
      )}
      {coupon ? <input type="hidden" name="coupon" value={coupon} /> : null}
      {country ? <input type="hidden" name="country" value={country} /> : null}
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="withBump"
          value="1"
          defaultChecked={bump.chosen}
          className="mt-1 size-5 shrink-0 accent-primary"
          onChange={() => void submit(formRef.current, { preventScrollReset: true, replace: true })}
        />
        <span className="grid gap-1">
          <span className="font-semibold">{BUMP_MESSAGES.boxLabel(bump.title, price)}</span>
          {bump.usualPriceCents > bump.priceCents ? (
            <span className="text-sm text-muted-foreground">
              Usually {formatMoney(bump.usualPriceCents, offer.currency)}; only with this order.
            </span>
          ) : null}
          {bump.pitch ? <span className="text-sm">{bump.pitch}</span> : null}
          {offer.trial ? (
            <span className="text-sm font-medium">
              {BUMP_MESSAGES.chargedToday(price, formatDate(offer.trial.firstChargeAt))}
            </span>
          ) : null}
        </span>
      </label>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm" className="justify-self-start">
          Update total
        </Button>
      )}
    </Form>
  );
}
