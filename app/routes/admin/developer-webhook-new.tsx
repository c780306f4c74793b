import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/developer-webhook-new";
import { AdminError } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useAnswerToast } from "~/components/use-toast-once";
import { WEBHOOK_DESCRIPTION_MAX } from "~/lib/webhooks";
import { adminMeta } from "~/lib/seo";
import { newWebhookAction, newWebhookLoader } from "./developer-webhook-new.server";
import { ChoiceCheckboxes } from "~/components/admin/choice-checkboxes";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Add webhook endpoint");

export function loader({ request, context }: Route.LoaderArgs) {
  return newWebhookLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return newWebhookAction({ request, context });
}

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string>; created?: { id: string; secret: string } } | undefined;

/** An https URL and the events it receives; the signing secret is shown once, right after. */
export default function NewWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const errors = answer?.errors ?? {};
  const typed = answer?.values ?? {};
  const typedEvents = new Set((typed.events ?? "").split(",").filter(Boolean));

  if (answer?.created) {
    return (
      <div className="grid max-w-3xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight">Webhook endpoint added</h1>
        <section aria-labelledby="secret-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h2 id="secret-title" className="font-semibold">
            Copy the signing secret now
          </h2>
          <p className="text-sm text-muted-foreground">
            Every delivery is signed with it as the Standard Webhooks specification says (<code>webhook-id</code>,{" "}
            <code>webhook-timestamp</code>, <code>webhook-signature</code>). Your receiver needs it to check that a request came from the
            school. It is shown only this once.
          </p>
          <label htmlFor="webhook-secret" className="text-sm font-medium">
            Signing secret
          </label>
          <Input
            id="webhook-secret"
            readOnly
            value={answer.created.secret}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
        </section>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={`/admin/developers/webhooks/${answer.created.id}`}>Open the endpoint</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/developers/webhooks">Back to Webhooks</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Add webhook endpoint</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The school POSTs each chosen event to this URL as JSON, after the change is saved, and retries for a day while it fails.
        </p>
      </div>
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <FormField
          label="URL"
          name="url"
          hint="An https:// address on the internet, e.g. https://hooks.example.com/school."
          error={errors.url}
        >
          <Input type="url" defaultValue={typed.url ?? ""} required maxLength={2000} autoComplete="off" />
        </FormField>
        <FormField label="Description (optional)" name="description" error={errors.description}>
          <Input defaultValue={typed.description ?? ""} maxLength={WEBHOOK_DESCRIPTION_MAX} autoComplete="off" />
        </FormField>
        <ChoiceCheckboxes legend="Events" name="events" choices={loaderData.events} checked={typedEvents} error={errors.events?.[0]} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/developers/webhooks">Cancel</Link>
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Add endpoint
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
