import { OfferCard } from "~/components/admin/offer-card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUMP_PITCH_MAX } from "~/lib/order-bump-messages";

type BumpValues = { offerCourseId: string; bumpPrice: string; bumpPitch: string };

/**
 * Edit course (or bundle) → Order bump (docs/decisions/067, 071): the one other course its
 * checkout offers in a box, at a special price, with a short pitch. Its own form, beside the page's.
 */
export function BumpCard({
  description,
  bump,
  answer,
}: {
  /** What it offers for whom: 'One other course offered at checkout for “…”…'. */
  description: string;
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: unknown;
  bump: { values: BumpValues; saved: boolean; choices: { id: string; title: string; price: string }[] };
}) {
  return (
    <OfferCard card="bump" title="Order bump" description={description} saved={bump.saved} stored={bump.values} answer={answer}>
      {({ errors, values }) => (
        <>
          <FormField label="Course to offer" name="offerCourseId" error={errors.offerCourseId}>
            <NativeSelect defaultValue={values.offerCourseId}>
              <option value="">Choose a published course</option>
              {bump.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title} (usually {choice.price})
                </option>
              ))}
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
