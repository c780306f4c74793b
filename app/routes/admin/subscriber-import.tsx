import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/subscriber-import";
import { AdminError } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { adminMeta } from "~/lib/seo";
import { SUBSCRIBER_IMPORT_COLUMNS } from "~/lib/subscribers";
export { loader, action } from "./subscriber-import.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Import subscribers");

type Answer = { errors?: Record<string, string[]>; refusals?: Array<{ line: number | null; message: string }>; more?: number } | undefined;

/** Upload a CSV of people who consented elsewhere; they join the newsletter as confirmed. */
export default function ImportSubscribers({ actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const refusals = answer?.refusals ?? [];
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/subscribers" className="text-muted-foreground underline-offset-4 hover:underline">
            Subscribers
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Import subscribers</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Add people who agreed elsewhere to get your newsletter. They join as confirmed, with the date and the source of their consent, and
          get no confirmation e-mail. People who unsubscribed here stay unsubscribed.
        </p>
      </div>
      <section aria-labelledby="import-format" className="grid gap-2 rounded-xl border bg-card p-4 text-sm sm:p-6">
        <h2 id="import-format" className="font-semibold">
          The file
        </h2>
        <p>
          A CSV whose first line names the columns <code>{SUBSCRIBER_IMPORT_COLUMNS.join(", ")}</code>. Every row needs all three: the date
          of consent as 2026-03-31 and where it was given (“Webinar sign-up sheet”). One row that cannot be imported stops the whole file,
          so nothing is half done; importing the same file again changes nothing.
        </p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
          {`email,consent_date,consent_source\nann@example.com,2026-03-31,Webinar sign-up sheet`}
        </pre>
      </section>
      <Form method="post" encType="multipart/form-data" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <FormField label="CSV file" name="file" error={answer?.errors?.file}>
          <Input type="file" accept=".csv,text/csv" required />
        </FormField>
        {refusals.length > 0 ? (
          <section aria-labelledby="import-refusals" className="grid gap-2">
            <h2 id="import-refusals" className="text-sm font-semibold">
              Lines to fix
            </h2>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-destructive">
              {refusals.map((refusal, index) => (
                <li key={index}>{refusal.message}</li>
              ))}
              {answer?.more ? <li>…and {answer.more} more</li> : null}
            </ul>
          </section>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" loading={navigation.state === "submitting"}>
            Import subscribers
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
