import { Gift } from "lucide-react";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-offer";
import { ErrorScreen } from "~/components/error-screen";
import { CheckoutMessage } from "~/components/payments/checkout-message";
import { TestModeBanner } from "~/components/payments/test-mode-banner";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/lib/money";
import { siteTitle } from "~/lib/seo";

export { loader, action } from "./checkout-offer.server";

export const meta: Route.MetaFunction = (args) => [{ title: siteTitle(args, "One more thing") }, { name: "robots", content: "noindex" }];

/**
 * The one-click offer right after a purchase of a course or a bundle (docs/decisions/070, 075): the
 * offered course or bundle at its special price, "Add to my order" or "No thanks" (plain form
 * posts), and what was bought always one link away.
 */
export default function CheckoutOffer({ loaderData }: Route.ComponentProps) {
  const { shown, awaiting, testMode } = loaderData;
  const navigation = useNavigation();
  const answering = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  // What the buyer bought is one link away, whatever they answer: a course's page, or their courses (a bundle's).
  const content = shown?.order.content ?? awaiting?.content ?? null;
  const courseLink = content ? (
    <Link to={content.to} className="text-sm font-semibold underline">
      {content.label}
      {shown ? `: ${shown.order.itemTitle}` : ""}
    </Link>
  ) : null;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-14 sm:px-6">
      {testMode ? <TestModeBanner /> : null}
      {shown ? (
        <section aria-labelledby="upsell-heading" className="grid gap-5 rounded-xl border bg-card p-8 text-center">
          <p className="text-sm font-medium text-success">Thank you: {shown.order.itemTitle} is yours.</p>
          <span aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent [&_svg]:size-6">
            <Gift />
          </span>
          <h1 id="upsell-heading" className="text-2xl font-semibold">
            Add “{shown.offer.title}” for {formatMoney(shown.offer.priceCents, shown.order.currency)}
          </h1>
          {shown.offer.pitch ? <p className="text-muted-foreground">{shown.offer.pitch}</p> : null}
          {shown.offer.usualPriceCents > shown.offer.priceCents ? (
            <p className="text-sm" data-testid="upsell-usual-price">
              Usually <s>{formatMoney(shown.offer.usualPriceCents, shown.order.currency)}</s>: this price is only on this page, only now.
            </p>
          ) : null}
          <Form method="post" className="flex flex-wrap justify-center gap-3">
            <Button type="submit" name="intent" value="accept" disabled={Boolean(answering)} loading={answering === "accept"}>
              Add to my order
            </Button>
            <Button
              type="submit"
              name="intent"
              value="decline"
              variant="outline"
              disabled={Boolean(answering)}
              loading={answering === "decline"}
            >
              No thanks
            </Button>
          </Form>
          <p className="text-xs text-muted-foreground">
            {testMode
              ? "Test mode: nothing is charged."
              : "Added with the card you just used, without typing it again. A receipt follows by e-mail."}
          </p>
          {courseLink}
        </section>
      ) : awaiting ? (
        <CheckoutMessage headingLevel="h1" title={`“${awaiting.title}” is not paid yet`} detail={awaiting.message}>
          <Form method="post">
            <Button type="submit" name="intent" value="pay" loading={answering === "pay"}>
              Pay {formatMoney(awaiting.amountCents, awaiting.currency)} for “{awaiting.title}”
            </Button>
          </Form>
          {courseLink}
        </CheckoutMessage>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const invalid = isRouteErrorResponse(error) && error.status === 400;
  return (
    <ErrorScreen
      title={invalid ? "That answer was not understood" : "Something went wrong"}
      detail="Your purchase is safe: you can open your courses from your account."
    >
      <Button asChild variant="outline">
        <Link to="/account#orders">View your orders</Link>
      </Button>
    </ErrorScreen>
  );
}
