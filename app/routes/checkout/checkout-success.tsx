import { useEffect, useState } from "react";
import { AlertCircle, Loader2 } from "lucide-react";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/checkout-success";
import { CheckoutMessage } from "~/components/payments/checkout-message";
import { TestModeBanner } from "~/components/payments/test-mode-banner";
import { Button } from "~/components/ui/button";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { formatMoney } from "~/lib/money";
import { siteTitle } from "~/lib/seo";

import { ErrorScreen } from "~/components/error-screen";
export { loader } from "./checkout-success.server";

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, "Order confirmation") },
  { name: "robots", content: "noindex" },
];

/** Stripe's webhook usually lands within seconds of the redirect; ask again every 2 s for a minute. */
const POLL_MS = 2000;
const POLL_LIMIT = 30;

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order, next, guestEmail, testMode, upsell } = loaderData;
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const pending = order.status === "pending";

  useEffect(() => {
    if (!pending || polls >= POLL_LIMIT) return;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, polls, revalidator]);

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-14 sm:px-6">
      {testMode ? <TestModeBanner /> : null}
      {order.status === "paid" && guestEmail !== null ? (
        // A guest checkout: the same words whether the address had an account or not (decision 048).
        <CheckoutMessage
          headingLevel="h1"
          title={CHECKOUT_MESSAGES.paid}
          detail={`You bought ${order.itemTitle} for ${formatMoney(order.amountCents, order.currency)}. The receipt is on its way to ${guestEmail}. ${CHECKOUT_MESSAGES.guestPaidDetail}`}
        >
          <p className="text-sm text-muted-foreground">
            Already have an account with this address?{" "}
            <Link to="/login" className="font-semibold underline">
              Sign in to start
            </Link>
          </p>
        </CheckoutMessage>
      ) : order.status === "paid" && next ? (
        <CheckoutMessage
          headingLevel="h1"
          title={CHECKOUT_MESSAGES.paid}
          detail={`You bought ${order.itemTitle} for ${formatMoney(order.amountCents, order.currency)}. A receipt is on its way to your inbox.`}
        >
          {order.taxCents > 0 ? (
            <dl className="grid gap-1 text-sm" aria-label="Amount paid">
              <div className="flex justify-center gap-2">
                <dt className="text-muted-foreground">Tax</dt>
                <dd data-testid="paid-tax">{formatMoney(order.taxCents, order.currency)}</dd>
              </div>
              <div className="flex justify-center gap-2 font-semibold">
                <dt>Total</dt>
                <dd data-testid="paid-total">
                  {formatMoney(order.amountCents, order.currency)} {order.currency.toUpperCase()}
                </dd>
              </div>
            </dl>
          ) : null}
          {upsell ? (
            // The one-click offer after this order (docs/decisions/070): paid, or waiting for its payment page.
            <p className="w-full text-sm" data-testid="upsell-added">
              {upsell.status === "paid" ? (
                `Also added: ${upsell.itemTitle} for ${formatMoney(upsell.amountCents, upsell.currency)}, with its own receipt.`
              ) : upsell.status === "pending" ? (
                <>
                  {`${upsell.itemTitle} is not paid yet. `}
                  <Link to={`/checkout/offer?order=${encodeURIComponent(order.id)}`} className="font-semibold underline">
                    Pay for {upsell.itemTitle}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <Button asChild>
            <Link to={next.to}>{next.label}</Link>
          </Button>
        </CheckoutMessage>
      ) : pending ? (
        <CheckoutMessage
          headingLevel="h1"
          icon={<Loader2 className="animate-spin" />}
          title={CHECKOUT_MESSAGES.confirming}
          detail={
            polls >= POLL_LIMIT
              ? "This is taking longer than usual. Your order will appear in your account as soon as the payment is confirmed."
              : CHECKOUT_MESSAGES.confirmingDetail
          }
        >
          {guestEmail === null ? (
            <Button asChild variant="outline">
              <Link to="/account#orders">View your orders</Link>
            </Button>
          ) : null}
        </CheckoutMessage>
      ) : (
        <CheckoutMessage
          headingLevel="h1"
          icon={<AlertCircle />}
          title={order.status === "refunded" ? "This order was refunded" : "The payment did not go through"}
          detail={order.status === "refunded" ? undefined : "Nothing was charged. You can try again."}
        >
          <Button asChild>
            <Link to={order.courseSlug ? `/courses/${order.courseSlug}` : "/pricing#membership"}>Try again</Link>
          </Button>
        </CheckoutMessage>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorScreen
      title={missing ? CHECKOUT_MESSAGES.orderNotFound : "Something went wrong"}
      detail={missing ? "We couldn't find that order in your account." : "We couldn't load your order. Please try again in a moment."}
    >
      <Button asChild variant="outline">
        <Link to="/account#orders">View your orders</Link>
      </Button>
    </ErrorScreen>
  );
}
