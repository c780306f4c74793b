import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUMP_PITCH_MAX } from "~/lib/order-bump-messages";

type BumpValues = { offerCourseId: string; bumpPrice: string; bumpPitch: string };
type BumpAnswer = { bumpErrors?: Record<string, string[] | undefined>; bumpValues?: Partial<BumpValues> };

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
  answer?: BumpAnswer;
  bump: { values: BumpValues; saved: boolean; choices: { id: string; title: string; price: string }[] };
}) {
  const fetcher = useFetcher<BumpAnswer>();
  const answered = fetcher.data ?? answer;
  const errors = answered?.bumpErrors ?? {};
  const values = { ...bump.values, ...answered?.bumpValues };
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mx-auto mt-6 w-full max-w-5xl" role="region" aria-labelledby="order-bump-card-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="order-bump-card-heading">Order bump</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A fresh form after each save, so it shows what was stored. */}
        <fetcher.Form method="post" className="grid gap-4" key={`${bump.values.offerCourseId}-${bump.values.bumpPrice}-${bump.saved}`}>
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save-bump" loading={busy && fetcher.formData?.get("intent") === "save-bump"}>
              Save order bump
            </Button>
            {bump.saved ? (
              <Button
                type="submit"
                name="intent"
                value="remove-bump"
                variant="outline"
                loading={busy && fetcher.formData?.get("intent") === "remove-bump"}
              >
                Remove order bump
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
