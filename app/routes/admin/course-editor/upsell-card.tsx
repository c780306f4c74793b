import { OfferCard } from "~/components/admin/offer-card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { UPSELL_PITCH_MAX } from "~/lib/course-upsells";

type UpsellValues = { upsellProduct: string; upsellPrice: string; upsellPitch: string };
type Choice = { value: string; title: string; price: string };

/**
 * Edit course or Edit bundle → One-click upsell (docs/decisions/070, 075): the one course or bundle
 * offered right after this course or bundle is paid, at a special price, with a short pitch. Its own form, beside the order bump's.
 */
export function UpsellCard({
  productTitle,
  upsell,
  answer,
}: {
  /** The course or bundle whose purchase the offer follows. */
  productTitle: string;
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: unknown;
  upsell: { values: UpsellValues; saved: boolean; courseChoices: Choice[]; bundleChoices: Choice[] };
}) {
  return (
    <OfferCard
      card="upsell"
      title="One-click upsell"
      noun="upsell"
      description={
        <>One course or bundle offered once, right after “{productTitle}” is paid, at a special price the buyer adds with one click.</>
      }
      saved={upsell.saved}
      stored={upsell.values}
      answer={answer}
    >
      {({ errors, values }) => (
        <>
          <FormField label="Course or bundle to offer" name="upsellProduct" error={errors.upsellProduct}>
            <NativeSelect defaultValue={values.upsellProduct}>
              <option value="">Choose a published course or bundle</option>
              <optgroup label="Courses">
                {upsell.courseChoices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.title} (usually {choice.price})
                  </option>
                ))}
              </optgroup>
              {upsell.bundleChoices.length > 0 ? (
                <optgroup label="Bundles">
                  {upsell.bundleChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.title} (usually {choice.price})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect>
          </FormField>
          <FormField
            label="Upsell special price"
            name="upsellPrice"
            hint="In the school's currency, only on the offer page."
            error={errors.upsellPrice}
          >
            <Input inputMode="decimal" defaultValue={values.upsellPrice} />
          </FormField>
          <FormField
            label="Upsell pitch"
            name="upsellPitch"
            hint={`One or two sentences, up to ${UPSELL_PITCH_MAX} characters.`}
            error={errors.upsellPitch}
          >
            <Textarea rows={2} maxLength={UPSELL_PITCH_MAX} defaultValue={values.upsellPitch} />
          </FormField>
        </>
      )}
    </OfferCard>
  );
}
