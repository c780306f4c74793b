import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/user-import";
import { AdminError } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useToastOnce } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import {
  NOT_IN_FILE,
  USER_IMPORT_ACTION_LABELS,
  USER_IMPORT_FIELD_LABELS,
  USER_IMPORT_FIELDS,
  type UserImportAction,
} from "~/lib/user-import";
import type { Toast } from "~/lib/toast";
export { loader, action } from "./user-import.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Import learners");

type Answer = { error?: string; toast?: Toast } | undefined;

const ACTION_VARIANTS: Record<UserImportAction, "default" | "secondary" | "outline" | "destructive"> = {
  create: "default",
  update: "secondary",
  unchanged: "outline",
  refuse: "destructive",
};

/** Upload a CSV of learners, map its columns, read the dry run, then import it in one go. */
export default function ImportUsers({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useToastOnce(answer?.toast);
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle";
  const error = answer?.error ?? ("error" in loaderData ? loaderData.error : undefined);
  return (
    <div className="grid max-w-5xl gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/users" className="text-muted-foreground underline-offset-4 hover:underline">
            Users
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Import learners</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Bring your students from another platform: a CSV with one learner per line. First a dry run shows what would change; the import
          then writes everything at once, or nothing if a row needs fixing. Importing the same file again changes nothing.
        </p>
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="import-upload" className="grid gap-3 rounded-xl border bg-card p-4 text-sm sm:p-6">
        <h2 id="import-upload" className="font-semibold">
          1. The file
        </h2>
        <p>
          UTF-8 CSV with commas, first line the column names: an e-mail address per row, and optionally a name, the slugs of the courses to
          give (separated by spaces or |) and the day a membership ends (2026-12-31). Up to 50 MB.
        </p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
          {`email,name,courses,member_until\nann@example.com,Ann Lee,intro-to-sql|advanced-sql,2026-12-31`}
        </pre>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload" />
          <div className="grid gap-1">
            <label htmlFor="import-file" className="font-medium">
              CSV file
            </label>
            <Input id="import-file" name="file" type="file" accept=".csv,text/csv" required className="max-w-sm" />
          </div>
          <Button type="submit" variant="outline" loading={busy && navigation.formData?.get("intent") === "upload"}>
            Upload the file
          </Button>
        </Form>
      </section>

      {loaderData.step !== "upload" ? (
        <section aria-labelledby="import-map" className="grid gap-3 rounded-xl border bg-card p-4 text-sm sm:p-6">
          <h2 id="import-map" className="font-semibold">
            2. The columns
          </h2>
          <p>
            {params.get("file") ?? "The file"}: {loaderData.rowCount.toLocaleString("en-US")} rows. Say which column holds what.
          </p>
          <Form method="get" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="upload" value={loaderData.uploadId} />
            {params.get("file") ? <input type="hidden" name="file" value={params.get("file")!} /> : null}
            {USER_IMPORT_FIELDS.map((field) => (
              <div key={field} className="grid gap-1">
                <label htmlFor={`column-${field}`} className="font-medium">
                  {USER_IMPORT_FIELD_LABELS[field]}
                </label>
                <NativeSelect
                  id={`column-${field}`}
                  name={field}
                  defaultValue={loaderData.columns[field] ?? NOT_IN_FILE}
                  required={field === "email"}
                >
                  {field === "email" ? null : <option value={NOT_IN_FILE}>Not in the file</option>}
                  {loaderData.header.map((name, index) => (
                    <option key={index} value={index}>
                      {name || `Column ${index + 1}`}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ))}
            <div className="sm:col-span-2">
              <Button type="submit" variant="outline" loading={busy && navigation.formMethod === "GET"}>
                Check the file (dry run)
              </Button>
            </div>
          </Form>
        </section>
      ) : null}

      {loaderData.step === "dry-run" ? (
        <section aria-labelledby="import-dry-run" className="grid gap-3 rounded-xl border bg-card p-4 text-sm sm:p-6">
          <h2 id="import-dry-run" className="font-semibold">
            3. Dry run
          </h2>
          <p role="status">
            {loaderData.counts.create.toLocaleString("en-US")} to create, {loaderData.counts.update.toLocaleString("en-US")} to update,{" "}
            {loaderData.counts.unchanged.toLocaleString("en-US")} unchanged, {loaderData.counts.refuse.toLocaleString("en-US")} refused.
          </p>
          <div className="max-h-[28rem] overflow-auto rounded-md border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">What the import would do, row by row</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="p-2">
                    Line
                  </th>
                  <th scope="col" className="p-2">
                    E-mail
                  </th>
                  <th scope="col" className="p-2">
                    Name
                  </th>
                  <th scope="col" className="p-2">
                    Result
                  </th>
                  <th scope="col" className="p-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.rows.map((row) => (
                  <tr key={row.line} className="border-t">
                    <td className="p-2 tabular-nums">{row.line}</td>
                    <td className="p-2 break-all">{row.email}</td>
                    <td className="p-2">{row.name}</td>
                    <td className="p-2">
                      <Badge variant={ACTION_VARIANTS[row.action]}>{USER_IMPORT_ACTION_LABELS[row.action]}</Badge>
                    </td>
                    <td className="p-2">{row.notes.join(" · ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {loaderData.rows.length < loaderData.rowCount ? (
            <p className="text-muted-foreground">
              The first {loaderData.rows.length.toLocaleString("en-US")} rows are listed (refused rows first); the counts above cover all of
              them.
            </p>
          ) : null}
          {loaderData.counts.refuse > 0 ? (
            <p className="font-medium text-destructive">
              Fix the refused rows in the file and upload it again: nothing is imported while a row is refused.
            </p>
          ) : loaderData.counts.create + loaderData.counts.update === 0 ? (
            <p>Nothing to import: everyone in the file is already here with these courses.</p>
          ) : (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="uploadId" value={loaderData.uploadId} />
              {USER_IMPORT_FIELDS.map((field) => (
                <input key={field} type="hidden" name={field} value={loaderData.columns[field] ?? NOT_IN_FILE} />
              ))}
              <label className="flex items-start gap-2">
                <input type="checkbox" name="sendWelcome" className="mt-1 size-4" />
                <span>Send each new learner a welcome e-mail with a link to choose their password (valid 7 days)</span>
              </label>
              <div>
                <Button type="submit" loading={busy && navigation.formData?.get("intent") === "import"}>
                  Import {(loaderData.counts.create + loaderData.counts.update).toLocaleString("en-US")}{" "}
                  {loaderData.counts.create + loaderData.counts.update === 1 ? "learner" : "learners"}
                </Button>
              </div>
              {busy && navigation.formData?.get("intent") === "import" ? (
                <p role="status" aria-live="polite">
                  Importing… a file of 10,000 learners takes a few seconds. Keep this page open.
                </p>
              ) : null}
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
