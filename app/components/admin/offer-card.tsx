import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

type FieldErrors = Record<string, string[] | undefined>;

/**
 * One offer's card on an edit page (the order bump, the one-click upsell, the payment plan), with
 * its own form beside the page's: `save-<card>` and, once saved, `remove-<card>`. A refused save
 * (`runOfferFormAction`) comes back as `<card>Errors` and `<card>Values`, from the fetcher or, sent
 * without JavaScript, from the route's answer; the fields get the errors and what was typed.
 */
export function OfferCard<Values extends Record<string, string>>({
  card,
  title,
  noun = title.toLowerCase(),
  description,
  saved,
  stored,
  answer,
  formClassName = "grid gap-4",
  children,
}: {
  /** The intents' and answer keys' name: "bump" for `save-bump` and `bumpErrors`. */
  card: string;
  /** The heading, and in its buttons' names: "Order bump" → "Save order bump". */
  title: string;
  /** What its buttons name, when not the title: "upsell" for "Save upsell". */
  noun?: string;
  description: ReactNode;
  saved: boolean;
  /** What is stored now, the form's values unless a refused save sends back what was typed. */
  stored: Values;
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: unknown;
  formClassName?: string;
  children: (form: { errors: FieldErrors; values: Values }) => ReactNode;
}) {
  const fetcher = useFetcher();
  const answered = (fetcher.data ?? answer ?? {}) as Record<string, unknown>;
  const errors = (answered[`${card}Errors`] ?? {}) as FieldErrors;
  const values = { ...stored, ...(answered[`${card}Values`] as Partial<Values> | undefined) };
  const busyWith = (intent: string) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const headingId = `${card}-card-heading`;
  return (
    <Card className="mx-auto mt-6 w-full max-w-5xl" role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A fresh form after each save, so it shows what was stored. */}
        <fetcher.Form method="post" className={formClassName} key={`${Object.values(stored).join("-")}-${saved}`}>
          {children({ errors, values })}
          <div className="flex flex-wrap gap-2 sm:col-span-full">
            <Button type="submit" name="intent" value={`save-${card}`} loading={busyWith(`save-${card}`)}>
              Save {noun}
            </Button>
            {saved ? (
              <Button type="submit" name="intent" value={`remove-${card}`} variant="outline" loading={busyWith(`remove-${card}`)}>
                Remove {noun}
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
