import { OfferCard } from "~/components/admin/offer-card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUMP_PITCH_MAX } from "~/lib/order-bump-messages";

type BumpValues = { bumpOffer: string; bumpPrice: string; bumpPitch: string };
type BumpChoice = { value: string; title: string; price: string };

/**
 * Edit course (or bundle, or a membership plan in Settings) → Order bump (docs/decisions/067, 071, 074): the one other course or bundle its
 * checkout offers in a box, at a special price, with a short pitch. Its own form, beside the page's.
 */
export function BumpCard({
  description,
  bump,
  answer,
  title = "Order bump",
  card = "bump",
}: {
  /** What it offers for whom: 'One other course offered at checkout for “…”…'. */
  description: string;
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: unknown;
  bump: { values: BumpValues; saved: boolean; choices: { courses: BumpChoice[]; bundles: BumpChoice[] } };
  /** The card's heading: "Order bump", or the plan's ("Monthly plan's order bump"). */
  title?: string;
  /** Its intents' and answers' name when a page has several (`save-monthlyBump`). */
  card?: string;
}) {
  return (
    <OfferCard card={card} title={title} description={description} saved={bump.saved} stored={bump.values} answer={answer}>
      {({ errors, values }) => (
        <>
          <FormField label="Course or bundle to offer" name="bumpOffer" error={errors.bumpOffer}>
            <NativeSelect defaultValue={values.bumpOffer}>
              <option value="">Choose a published course or bundle</option>
              <optgroup label="Courses">
                {bump.choices.courses.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.title} (usually {choice.price})
                  </option>
                ))}
              </optgroup>
              {bump.choices.bundles.length ? (
                <optgroup label="Bundles">
                  {bump.choices.bundles.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      Bundle: {choice.title} (usually {choice.price})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect>
          </FormField>
          <FormField label="Special price" name="bumpPrice" hint="In the school's currency, only with this order." error={errors.bumpPrice}>
            <Input inputMode="decimal" defaultValue={values.bumpPrice} />
          </FormField>
          <FormField
            label="Pitch"
            name="bumpPitch"
            hint={`One or two sentences, up to ${BUMP_PITCH_MAX} characters.`}
            error={errors.bumpPitch}
          >
            <Textarea rows={2} maxLength={BUMP_PITCH_MAX} defaultValue={values.bumpPitch} />
          </FormField>
        </>
      )}
    </OfferCard>
  );
}
