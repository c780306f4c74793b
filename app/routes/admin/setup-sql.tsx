import { useState } from "react";
import { Check, Copy } from "lucide-react";
import type { Route } from "./+types/setup-sql";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { toastError, toastSuccess } from "~/components/ui/toaster";

export { loader } from "./setup-sql.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "SQL reference");

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          toastSuccess("SQL copied to the clipboard");
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toastError("Could not copy to the clipboard");
        }
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

export default function SetupSql({ loaderData }: Route.ComponentProps) {
  const all = loaderData.files.map((file) => `-- ${file.name}\n${file.sql}`).join("\n\n");
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">SQL reference</h1>
          <p className="text-sm text-muted-foreground">
            The database schema as the committed migrations create it. Read-only: the server applies these at start.
          </p>
        </div>
        <CopyButton text={all} label="Copy all SQL" />
      </div>
      {loaderData.files.map((file) => (
        <section key={file.name} aria-labelledby={`sql-${file.name}`} className="grid min-w-0 gap-2">
          <div className="flex items-center justify-between gap-3">
            <h2 id={`sql-${file.name}`} className="min-w-0 font-mono text-sm font-semibold break-all">
              {file.name}
            </h2>
            <CopyButton text={file.sql} label={`Copy ${file.name}`} />
          </div>
          <pre tabIndex={0} className="max-h-[32rem] overflow-auto rounded-md border border-border bg-card p-4 text-xs leading-relaxed">
            <code>{file.sql}</code>
          </pre>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
