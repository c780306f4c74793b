import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/developer-key-new";
import { AdminError } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useAnswerToast } from "~/components/use-toast-once";
import { API_KEY_NAME_MAX } from "~/lib/api-keys";
import { adminMeta } from "~/lib/seo";
import { newApiKeyAction, newApiKeyLoader } from "./developer-key-new.server";
import { ChoiceCheckboxes } from "~/components/admin/choice-checkboxes";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New API key");

export function loader({ request, context }: Route.LoaderArgs) {
  return newApiKeyLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return newApiKeyAction({ request, context });
}

type Answer =
  | { errors?: Record<string, string[]>; values?: Record<string, string>; created?: { name: string; key: string; scopes: string[] } }
  | undefined;

/** Name a key and tick its scopes; the key is shown once, on this page, right after it is made. */
export default function NewApiKey({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const errors = answer?.errors ?? {};
  const typed = answer?.values ?? {};
  const typedScopes = new Set((typed.scopes ?? "").split(",").filter(Boolean));

  if (answer?.created) {
    const { created } = answer;
    return (
      <div className="grid max-w-3xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight">API key “{created.name}” created</h1>
        <section aria-labelledby="new-key" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h2 id="new-key" className="font-semibold">
            Copy the key now
          </h2>
          <p className="text-sm text-muted-foreground">
            It is shown only this once: the school keeps a fingerprint of it, not the key. If it is lost, revoke it and make another.
          </p>
          <label htmlFor="api-key-value" className="text-sm font-medium">
            API key
          </label>
          <Input id="api-key-value" readOnly value={created.key} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
          <p className="text-sm">Scopes: {created.scopes.join(", ")}</p>
          <p className="text-sm text-muted-foreground">
            Send it as <code>Authorization: Bearer {"<key>"}</code> to <code>/api/v1</code>.
          </p>
        </section>
        <div>
          <Button asChild>
            <Link to="/admin/developers">Back to Developers</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">New API key</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          A key for one tool, with only the scopes it needs. You can revoke it at any time.
        </p>
      </div>
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <FormField label="Name" name="name" hint="Who or what uses it, e.g. “CRM sync”." error={errors.name}>
          <Input defaultValue={typed.name ?? ""} required maxLength={API_KEY_NAME_MAX} autoComplete="off" />
        </FormField>
        <ChoiceCheckboxes legend="Scopes" name="scopes" choices={loaderData.scopes} checked={typedScopes} error={errors.scopes?.[0]} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/developers">Cancel</Link>
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Create API key
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
