import { XCircle } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/checkout-cancel";
import { CheckoutMessage } from "~/components/payments/checkout-message";
import { TestModeBanner } from "~/components/payments/test-mode-banner";
import { Button } from "~/components/ui/button";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { siteTitle } from "~/lib/seo";

import { ErrorScreen } from "~/components/error-screen";
export { loader } from "./checkout-cancel.server";

export const meta: Route.MetaFunction = (args) => [
  { title: siteTitle(args, CHECKOUT_MESSAGES.canceled) },
  { name: "robots", content: "noindex" },
];

/** Stripe sends the buyer here from its checkout page's back link; the order stays pending until Stripe expires it. */
export default function CheckoutCancel({ loaderData }: Route.ComponentProps) {
  const { order, testMode } = loaderData;
  const item = order.courseId ? `courseId=${order.courseId}` : order.plan ? `plan=${order.plan}` : null;
  const back = item ? `/checkout?${item}${order.couponCode ? `&coupon=${encodeURIComponent(order.couponCode)}` : ""}` : null;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-14 sm:px-6">
      {testMode ? <TestModeBanner /> : null}
      <CheckoutMessage headingLevel="h1" icon={<XCircle />} title={CHECKOUT_MESSAGES.canceled} detail={CHECKOUT_MESSAGES.canceledDetail}>
        {back ? (
          <Button asChild>
            <Link to={back}>Return to checkout</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/pricing#membership">See membership plans</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/courses">Browse courses</Link>
        </Button>
      </CheckoutMessage>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorScreen title={CHECKOUT_MESSAGES.canceled} detail="You were not charged.">
      <Button asChild variant="outline">
        <Link to="/courses">Browse courses</Link>
      </Button>
    </ErrorScreen>
  );
}
