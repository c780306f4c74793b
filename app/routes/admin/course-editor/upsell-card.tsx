import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { UPSELL_PITCH_MAX } from "~/lib/course-upsells";

type UpsellValues = { upsellProduct: string; upsellPrice: string; upsellPitch: string };
type UpsellAnswer = { upsellErrors?: Record<string, string[] | undefined>; upsellValues?: Partial<UpsellValues> };
type Choice = { value: string; title: string; price: string };

/**
 * Edit course → One-click upsell (docs/decisions/070): the one course or bundle offered right after
 * this course is paid, at a special price, with a short pitch. Its own form, beside the order bump's.
 */
export function UpsellCard({
  courseTitle,
  upsell,
  answer,
}: {
  courseTitle: string;
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: UpsellAnswer;
  upsell: { values: UpsellValues; saved: boolean; courseChoices: Choice[]; bundleChoices: Choice[] };
}) {
  const fetcher = useFetcher<UpsellAnswer>();
  const answered = fetcher.data ?? answer;
  const errors = answered?.upsellErrors ?? {};
  const values = { ...upsell.values, ...answered?.upsellValues };
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mx-auto mt-6 w-full max-w-5xl" role="region" aria-labelledby="upsell-card-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="upsell-card-heading">One-click upsell</h2>
        </CardTitle>
        <CardDescription>
          One course or bundle offered once, right after “{courseTitle}” is paid, at a special price the buyer adds with one click.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A fresh form after each save, so it shows what was stored. */}
        <fetcher.Form
          method="post"
          className="grid gap-4"
          key={`${upsell.values.upsellProduct}-${upsell.values.upsellPrice}-${upsell.saved}`}
        >
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
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save-upsell" loading={busy && fetcher.formData?.get("intent") === "save-upsell"}>
              Save upsell
            </Button>
            {upsell.saved ? (
              <Button
                type="submit"
                name="intent"
                value="remove-upsell"
                variant="outline"
                loading={busy && fetcher.formData?.get("intent") === "remove-upsell"}
              >
                Remove upsell
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
