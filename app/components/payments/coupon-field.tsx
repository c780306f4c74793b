import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { COUPON_CODE_MAX } from "~/lib/coupons";
import type { CheckoutOffer } from "~/server/payments/checkout.server";

/**
 * The checkout's coupon code: a GET form back to the same checkout with `coupon=…`, so a code typed
 * here and one from a link are the same page, with or without JavaScript. The server prices it and
 * says why a code was refused, next to the field, with the code as typed.
 */
export function CouponField({ offer, typed, error }: { offer: CheckoutOffer; typed: string; error: string | null }) {
  const applied = offer.coupon && !offer.coupon.refusal && !error ? offer.coupon.code : null;
  const without = offer.kind === "course" ? `/checkout?courseId=${offer.courseId}` : `/checkout?plan=${offer.plan}`;
  return (
    <Form method="get" action="/checkout" className="grid gap-2 rounded-xl border bg-card p-4">
      {offer.kind === "course" ? (
        <input type="hidden" name="courseId" value={offer.courseId ?? ""} />
      ) : (
        <input type="hidden" name="plan" value={offer.plan ?? ""} />
      )}
      {offer.bump?.chosen ? <input type="hidden" name="withBump" value="1" /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField className="grow" label="Coupon code" name="coupon" error={error} hint={applied ? `Code ${applied} applied.` : undefined}>
          <Input defaultValue={typed} maxLength={COUPON_CODE_MAX} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        </FormField>
        <Button type="submit" variant="outline" className="sm:mt-7">
          Apply code
        </Button>
      </div>
      {applied ? (
        <Link to={without} className="justify-self-start text-sm text-muted-foreground underline hover:text-foreground">
          Remove code {applied}
        </Link>
      ) : null}
    </Form>
  );
}
