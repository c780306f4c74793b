import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/page-new";
import { AdminError } from "~/components/admin/admin-error";
import { PageDetailsFields } from "~/components/admin/pages/page-details-fields";
import { Button } from "~/components/ui/button";
import { adminMeta } from "~/lib/seo";

export { loader, action } from "./page-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New page");

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string> } | undefined;

/** A new page at /p/{slug}: named first, then built from sections in the editor. */
export default function NewPage({ actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  const navigation = useNavigation();
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">New page</h1>
        <p className="mt-1 text-sm text-muted-foreground">Give it a title and an address; you add its sections next.</p>
      </div>
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <PageDetailsFields values={answer?.values ?? {}} errors={answer?.errors ?? {}} withSlug />
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/pages">Cancel</Link>
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Create page
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
