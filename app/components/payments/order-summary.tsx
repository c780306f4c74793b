import { Sparkles } from "lucide-react";
import { CourseImage } from "~/components/course-image";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { countryName, formatTaxRate } from "~/lib/tax";
import type { CheckoutOffer } from "~/server/payments/checkout.server";

const PERIOD = { monthly: "per month", yearly: "per year" } as const;

/** What is being bought and what it costs, as the server priced it. */
export function OrderSummary({ offer }: { offer: CheckoutOffer }) {
  const period = offer.plan ? PERIOD[offer.plan] : "one-time payment";
  return (
    <Card role="region" aria-labelledby="order-summary-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="order-summary-heading">Order summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-start gap-4">
          {offer.kind === "course" ? (
            <CourseImage
              src={offer.coverUrl}
              topic={offer.topic ?? undefined}
              alt=""
              sizes="thumbnail"
              className="aspect-video w-32 shrink-0 rounded-md object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex aspect-video w-32 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary"
            >
              <Sparkles className="size-8" />
            </span>
          )}
          <div className="grid min-w-0 gap-1">
            <p className="font-semibold">{offer.itemTitle}</p>
            {offer.subtitle ? <p className="text-sm text-muted-foreground">{offer.subtitle}</p> : null}
          </div>
        </div>
        <dl className="grid gap-2 border-t pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{offer.kind === "course" ? "Course" : "Membership"}</dt>
            <dd>{period}</dd>
          </div>
          {offer.discountCents > 0 ? (
            <>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">List price</dt>
                <dd data-testid="order-list-price">{formatMoney(offer.listPriceCents, offer.currency)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-success">
                <dt>Discount ({offer.coupon?.code})</dt>
                <dd data-testid="order-discount">−{formatMoney(offer.discountCents, offer.currency)}</dd>
              </div>
            </>
          ) : null}
          {offer.bump?.chosen ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Added: {offer.bump.title}</dt>
              <dd data-testid="order-bump-price">{formatMoney(offer.bump.priceCents, offer.currency)}</dd>
            </div>
          ) : null}
          <TaxLine offer={offer} />
          {offer.trial ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Free trial</dt>
              <dd>{offer.trial.days} days</dd>
            </div>
          ) : null}
          <div className="flex items-baseline justify-between gap-4 text-base">
            <dt className="font-semibold">{offer.trial ? "Due today" : "Total"}</dt>
            <dd>
              <span className="text-2xl font-bold" data-testid="order-total">
                {formatMoney(offer.amountCents, offer.currency)}
              </span>{" "}
              <span className="text-sm text-muted-foreground">{offer.currency.toUpperCase()}</span>
            </dd>
          </div>
        </dl>
        {offer.trial ? (
          <p className="text-sm" data-testid="order-first-charge">
            Your first charge of {formatMoney(offer.trial.firstChargeCents, offer.currency)} is on {formatDate(offer.trial.firstChargeAt)}
            , when the trial ends.{" "}
            {offer.bump?.chosen
              ? `The added ${offer.bump.title} is paid today, once. Cancel before the trial ends and nothing more is charged.`
              : "Cancel before then and nothing is charged."}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The tax the total includes, or where it will come from (Stripe's page, the buyer's country). */
function TaxLine({ offer }: { offer: CheckoutOffer }) {
  const tax = offer.tax;
  if (!tax) return null;
  let label = "Tax";
  let value: string;
  if (tax.mode === "stripe") value = "Added on the payment page for your address";
  else if (!tax.country) value = "Added for your country";
  else {
    label = `Tax (${[countryName(tax.country), tax.basisPoints ? formatTaxRate(tax.basisPoints) : null].filter(Boolean).join(", ")})`;
    value = tax.basisPoints ? formatMoney(offer.taxCents, offer.currency) : "No tax";
  }
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid="order-tax">{value}</dd>
    </div>
  );
}
