import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUYER_LIMITS, countryName, TAX_COUNTRIES, TAX_COUNTRY_CODES } from "~/lib/tax";
import type { CheckoutOffer } from "~/server/payments/checkout.server";

type Errors = Record<string, string[] | undefined>;

/** What names the offer in the checkout's URL: the course or the plan, and the code applied. */
function ItemFields({ offer, coupon }: { offer: CheckoutOffer; coupon: string }) {
  return (
    <>
      {offer.kind === "course" ? (
        <input type="hidden" name="courseId" value={offer.courseId ?? ""} />
      ) : (
        <input type="hidden" name="plan" value={offer.plan ?? ""} />
      )}
      {coupon ? <input type="hidden" name="coupon" value={coupon} /> : null}
      {offer.bump?.chosen ? <input type="hidden" name="withBump" value="1" /> : null}
    </>
  );
}

/**
 * Test mode with tax collected, step one: the buyer's country, sent in the page's address
 * (`?country=FR`) so the order summary shows the tax for it before anything is paid.
 */
export function CountryStep({ offer, coupon, error }: { offer: CheckoutOffer; coupon: string; error?: string[] }) {
  return (
    <Form method="get" className="grid gap-3" aria-labelledby="billing-country-heading">
      <h2 id="billing-country-heading" className="text-lg font-semibold">
        Where are you buying from?
      </h2>
      <ItemFields offer={offer} coupon={coupon} />
      <FormField label="Country" name="country" hint="Tax is added at your country's rate." error={error}>
        <NativeSelect defaultValue="" required>
          <option value="" disabled>
            Choose your country
          </option>
          {TAX_COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {TAX_COUNTRIES[code]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" size="lg">
        Show the total with tax
      </Button>
    </Form>
  );
}

/**
 * Test mode with tax collected, step two: inside the Pay form, the country chosen (with a way to
 * change it) and the name, address and tax ID the invoice shows, all optional.
 */
export function BillingFields({
  offer,
  coupon,
  errors,
  values,
}: {
  offer: CheckoutOffer;
  coupon: string;
  errors: Errors;
  values: Record<string, string>;
}) {
  const country = offer.tax?.mode === "rates" ? offer.tax.country : null;
  if (!country) return null;
  const change = new URLSearchParams(offer.kind === "course" ? { courseId: offer.courseId ?? "" } : { plan: offer.plan ?? "" });
  if (coupon) change.set("coupon", coupon);
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Billing details for your invoice</legend>
      <input type="hidden" name="country" value={country} />
      <p className="text-sm">
        Country: <strong>{countryName(country)}</strong>{" "}
        <Link to={`?${change.toString()}`} className="text-primary underline-offset-4 hover:underline">
          Change country
        </Link>
      </p>
      {errors.country ? <p className="text-sm font-medium text-destructive">{errors.country.join(" ")}</p> : null}
      <FormField label="Name or company (optional)" name="buyerName" error={errors.buyerName}>
        <Input defaultValue={values.buyerName ?? ""} maxLength={BUYER_LIMITS.name} autoComplete="name" />
      </FormField>
      <FormField label="Address (optional)" name="buyerAddress" error={errors.buyerAddress}>
        <Textarea defaultValue={values.buyerAddress ?? ""} maxLength={BUYER_LIMITS.address} rows={3} autoComplete="street-address" />
      </FormField>
      <FormField label="Tax ID (optional)" name="buyerTaxId" hint="A business's VAT number, like FR12345678901." error={errors.buyerTaxId}>
        <Input defaultValue={values.buyerTaxId ?? ""} maxLength={BUYER_LIMITS.taxId} autoComplete="off" />
      </FormField>
    </fieldset>
  );
}
