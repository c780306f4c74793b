import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/legal-page-edit";
import { AdminError } from "~/components/admin/admin-error";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { adminMeta } from "~/lib/seo";

export { loader, action } from "./legal-page-edit.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, args.loaderData?.title ?? "Legal page");

type Answer = { errors?: Record<string, string[]>; values?: Record<string, string> } | undefined;

/**
 * Admin → Pages → a legal page: its Markdown, with the page as visitors will read it beside it.
 * Saving a changed text dates the page today; saving it unchanged keeps the date.
 */
export default function LegalPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const [markdown, setMarkdown] = useState(answer?.values?.markdown ?? loaderData.markdown);
  return (
    <div className="grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">
            <Link to="/admin/pages" className="hover:underline">
              Pages
            </Link>{" "}
            / Legal
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{loaderData.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="legal-updated">
            Last updated: {loaderData.updated} · at{" "}
            <a href={loaderData.path} className="text-primary underline underline-offset-4">
              {loaderData.path}
            </a>
          </p>
        </div>
        {loaderData.holdsDemoText ? <Badge variant="warning">Still the demo's text</Badge> : null}
      </div>
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
        <FormField
          label="Text (Markdown)"
          name="markdown"
          error={answer?.errors?.markdown}
          hint="Each “## Heading” starts a numbered section with its own entry in the table of contents. {school}, {monthly price} and {yearly price} are filled in from Settings."
        >
          <Textarea rows={24} value={markdown} onChange={(event) => setMarkdown(event.target.value)} className="font-mono text-sm" />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/pages">Cancel</Link>
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Save {loaderData.title}
          </Button>
        </div>
      </Form>
      <section aria-labelledby="legal-preview-heading" className="grid gap-2">
        <h2 id="legal-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <MarkdownPreview markdown={markdown} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
