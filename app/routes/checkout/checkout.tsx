import { Lock } from "lucide-react";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { AuthAlert } from "~/components/auth-alert";
import { CheckoutMessage } from "~/components/payments/checkout-message";
import { CouponField } from "~/components/payments/coupon-field";
import { BillingFields, CountryStep } from "~/components/payments/billing-details";
import { OrderBumpBox } from "~/components/payments/order-bump-box";
import { OrderSummary } from "~/components/payments/order-summary";
import { TestModeBanner } from "~/components/payments/test-mode-banner";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { EMAIL_MAX, PERSON_NAME_MAX } from "~/lib/forms/limits";
import { useToastOnce } from "~/components/use-toast-once";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { formatMoney } from "~/lib/money";
import { planOfferLabel } from "~/lib/payment-plans";
import { useSiteSettings } from "~/components/use-site-settings";
import { siteTitle } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { checkoutAction, checkoutLoader, type CheckoutProblem } from "./checkout.server";
import { ErrorScreen } from "~/components/error-screen";

export const meta: Route.MetaFunction = (args) => [{ title: siteTitle(args, "Checkout") }, { name: "robots", content: "noindex" }];

export function loader(args: Route.LoaderArgs) {
  return checkoutLoader(args);
}

export function action(args: Route.ActionArgs) {
  return checkoutAction(args);
}

const BLOCKED = {
  "already-owned": { title: CHECKOUT_MESSAGES.alreadyOwned, detail: CHECKOUT_MESSAGES.alreadyOwnedDetail, action: "Go to the course" },
  "included-in-membership": {
    title: CHECKOUT_MESSAGES.includedInMembership,
    detail: CHECKOUT_MESSAGES.includedInMembershipDetail,
    action: "Go to the course",
  },
  "already-member": {
    title: CHECKOUT_MESSAGES.alreadyMember,
    detail: CHECKOUT_MESSAGES.alreadyMemberDetail,
    action: "Manage your membership",
  },
} as const;

type CheckoutOfferData = Awaited<ReturnType<typeof checkoutLoader>>["data"]["offer"];

type Refused = {
  toast?: Toast;
  offer?: CheckoutOfferData;
  couponError?: string;
  errors?: Record<string, string[] | undefined>;
  values?: Record<string, string>;
  signInToBuy?: boolean;
};

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData as Refused | undefined;
  const { mode, typedCoupon, guest, signInPath } = loaderData;
  // A code refused at Pay (taken by another buyer meanwhile): the offer as the action priced it.
  const offer = refused?.offer ?? loaderData.offer;
  const couponError = refused?.couponError ?? loaderData.couponError;
  useToastOnce(refused?.toast);
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";
  const free = offer.kind === "course" && offer.listPriceCents === 0;
  const freeWithCoupon = !free && offer.amountCents === 0;
  const applied = offer.coupon && !offer.coupon.refusal && !couponError ? offer.coupon.code : "";
  const blocked = offer.blocked ? BLOCKED[offer.blocked] : null;
  // Test mode with tax collected: the buyer's country first, then the total with its tax.
  const needsCountry = offer.tax?.mode === "rates" && !offer.tax.country && !free;
  const errors = refused?.errors ?? {};
  // The trial is one per account: a guest is told to sign in for it (docs/decisions/066).
  const { membershipTrialDays } = useSiteSettings();
  const guestTrialDays = guest && offer.kind === "membership" && membershipTrialDays > 0 ? membershipTrialDays : 0;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
        <p className="mt-1 text-muted-foreground">Check your order, then pay.</p>
      </div>

      {mode === "test" ? <TestModeBanner /> : null}

      <OrderSummary offer={offer} />

      {offer.bundle && offer.bundle.heldCourseIds.length > 0 && !offer.blocked ? <HeldCourses bundle={offer.bundle} /> : null}

      {!blocked && offer.paymentPlan ? <PaymentPlanChoice offer={offer} plan={offer.paymentPlan} /> : null}

      {!blocked && !free && !offer.paymentPlan?.chosen ? <CouponField offer={offer} typed={typedCoupon} error={couponError} /> : null}

      {!blocked && !free && mode !== "none" ? <OrderBumpBox offer={offer} coupon={applied} /> : null}

      {blocked ? (
        <CheckoutMessage title={blocked.title} detail={blocked.detail}>
          <Button asChild>
            <Link to={offer.courseSlug ? `/courses/${offer.courseSlug}` : offer.bundle ? "/account" : "/account#membership"}>
              {offer.bundle ? "Go to my courses" : blocked.action}
            </Link>
          </Button>
        </CheckoutMessage>
      ) : mode === "none" && !free ? (
        <AuthAlert title={CHECKOUT_MESSAGES.notConfigured}>{CHECKOUT_MESSAGES.notConfiguredDetail}</AuthAlert>
      ) : guest && free ? (
        <CheckoutMessage title="Sign in to enroll" detail="This course is free: sign in, or create an account, to start it.">
          <Button asChild>
            <Link to={signInPath}>Sign in to enroll</Link>
          </Button>
        </CheckoutMessage>
      ) : needsCountry ? (
        <CountryStep offer={offer} coupon={applied} error={errors.country} />
      ) : (
        <Form method="post" className="grid gap-3">
          {guest ? (
            <fieldset className="grid gap-4 rounded-lg border p-4">
              <legend className="px-1 text-sm font-semibold">Your details</legend>
              <p className="text-sm text-muted-foreground">
                No account needed: your receipt, with a link to set your password, goes to this address.{" "}
                <Link to={signInPath} className="font-semibold text-primary underline-offset-4 hover:underline">
                  Sign in
                </Link>{" "}
                if you have an account.
              </p>
              {guestTrialDays ? (
                <p className="text-sm">
                  The {guestTrialDays}-day free trial is for accounts:{" "}
                  <Link to={signInPath} className="font-semibold text-primary underline-offset-4 hover:underline">
                    sign in or create one
                  </Link>{" "}
                  to start it. As a guest you pay today.
                </p>
              ) : null}
              {refused?.signInToBuy ? (
                <AuthAlert title={CHECKOUT_MESSAGES.signInToBuy}>{CHECKOUT_MESSAGES.signInToBuyDetail}</AuthAlert>
              ) : null}
              <FormField label="Email" name="email" error={refused?.errors?.email}>
                <Input type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={refused?.values?.email ?? ""} />
              </FormField>
              <FormField label="Full name" name="name" error={refused?.errors?.name}>
                <Input autoComplete="name" required maxLength={PERSON_NAME_MAX} defaultValue={refused?.values?.name ?? ""} />
              </FormField>
            </fieldset>
          ) : null}
          {applied ? <input type="hidden" name="coupon" value={applied} /> : null}
          <BillingFields offer={offer} coupon={applied} errors={errors} values={refused?.values ?? {}} />
          {offer.kind === "course" ? (
            <>
              <input type="hidden" name="intent" value="pay-course" />
              <input type="hidden" name="courseId" value={offer.courseId ?? ""} />
              {offer.bump?.chosen ? <input type="hidden" name="withBump" value="1" /> : null}
              {offer.paymentPlan?.chosen ? <input type="hidden" name="paymentPlan" value="1" /> : null}
            </>
          ) : offer.bundle ? (
            <>
              <input type="hidden" name="intent" value="pay-bundle" />
              <input type="hidden" name="bundleId" value={offer.bundle.id} />
              {offer.bump?.chosen ? <input type="hidden" name="withBump" value="1" /> : null}
              {offer.paymentPlan?.chosen ? <input type="hidden" name="paymentPlan" value="1" /> : null}
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="pay-membership" />
              <input type="hidden" name="plan" value={offer.plan ?? ""} />
              {offer.bump?.chosen ? <input type="hidden" name="withBump" value="1" /> : null}
            </>
          )}
          <Button type="submit" size="lg" loading={paying}>
            {free
              ? "Enroll for free"
              : freeWithCoupon && offer.kind !== "membership"
                ? "Complete order"
                : offer.trial && mode === "test"
                  ? offer.bump?.chosen
                    ? `Pay ${formatMoney(offer.amountCents, offer.currency)} and start my ${offer.trial.days}-day free trial`
                    : `Start my ${offer.trial.days}-day free trial`
                  : mode === "stripe"
                    ? "Continue to payment"
                    : `Pay ${formatMoney(offer.amountCents, offer.currency)}`}
          </Button>
          {mode === "stripe" && !free && !(freeWithCoupon && offer.kind !== "membership") ? (
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="size-4" />
              You pay on Stripe&apos;s secure checkout page and come back here.
            </p>
          ) : null}
        </Form>
      )}
    </div>
  );
}

/**
 * Pay once, or by the course's or bundle's payment plan (docs/decisions/069, 073): two links that reload the offer
 * priced either way (no JavaScript needed), the chosen one marked.
 */
function PaymentPlanChoice({ offer, plan }: { offer: CheckoutOfferData; plan: NonNullable<CheckoutOfferData["paymentPlan"]> }) {
  const money = (cents: number) => formatMoney(cents, offer.currency);
  const base = offer.bundle ? `/checkout?bundleId=${offer.bundle.id}` : `/checkout?courseId=${offer.courseId ?? ""}`;
  const choiceClass = "flex flex-col gap-1 rounded-lg border p-4 text-sm hover:bg-muted aria-[current=true]:border-primary aria-[current=true]:ring-2 aria-[current=true]:ring-primary";
  return (
    <nav aria-label="How would you like to pay?" className="grid gap-2">
      <h2 className="text-sm font-semibold">How would you like to pay?</h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <Link to={base} aria-current={!plan.chosen} className={choiceClass} preventScrollReset>
          <span className="font-semibold">Pay once</span>
          <span>{money(plan.onceCents)}</span>
        </Link>
        <Link to={`${base}&paymentPlan=1`} aria-current={plan.chosen} className={choiceClass} preventScrollReset>
          <span className="font-semibold">{planOfferLabel({ payments: plan.payments, instalment: money(plan.instalmentCents) })}</span>
          <span>{money(plan.totalCents)} in all</span>
        </Link>
      </div>
      {plan.chosen ? (
        <p className="text-sm text-muted-foreground">
          Today you pay the first of {plan.payments} payments; the next ones are charged on the same day each month. Coupons and
          add-ons apply when you pay once.
        </p>
      ) : null}
    </nav>
  );
}

/** A bundle buyer who holds some of its courses is told which before paying: the bundle opens the others. */
function HeldCourses({ bundle }: { bundle: NonNullable<CheckoutOfferData["bundle"]> }) {
  const held = bundle.courses.filter((course) => bundle.heldCourseIds.includes(course.id));
  return (
    <AuthAlert title={CHECKOUT_MESSAGES.bundleHeldSome}>
      <p>
        You already have {held.map((course) => `“${course.title}”`).join(", ")}. This bundle opens the others; its price stays the same.
      </p>
    </AuthAlert>
  );
}

const PROBLEMS: Record<CheckoutProblem, { title: string; detail: string }> = {
  "bundle-not-found": { title: CHECKOUT_MESSAGES.bundleNotFound, detail: CHECKOUT_MESSAGES.bundleNotFoundDetail },
  "course-not-found": { title: CHECKOUT_MESSAGES.courseNotFound, detail: CHECKOUT_MESSAGES.courseNotFoundDetail },
  "nothing-to-buy": { title: CHECKOUT_MESSAGES.nothingToBuy, detail: CHECKOUT_MESSAGES.nothingToBuyDetail },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const problem = isRouteErrorResponse(error) ? (error.data as { problem?: CheckoutProblem } | undefined)?.problem : undefined;
  const shown = problem
    ? PROBLEMS[problem]
    : { title: "Something went wrong", detail: "We couldn't load your order. Please try again in a moment." };
  return (
    <ErrorScreen title={shown.title} detail={shown.detail}>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/courses">Back to Courses</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/pricing#membership">See membership plans</Link>
        </Button>
      </div>
    </ErrorScreen>
  );
}
