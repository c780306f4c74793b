import { Download } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatFileSize } from "~/lib/lesson-files";

export type AccountDataExport = {
  status: string;
  requestedAt: string;
  expiresAt: string | null;
  expired: boolean;
  sizeBytes: number | null;
  path: string | null;
} | null;

/** "Download my data": ask for a copy (built by the queue, e-mailed), and the state of the latest one. */
export function DataExportSection({ dataExport, pending }: { dataExport: AccountDataExport; pending: boolean }) {
  const preparing = dataExport?.status === "preparing";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="data-export-heading">Download my data</h2>
        </CardTitle>
        <CardDescription>
          A ZIP of everything the school holds about you: your profile, orders, courses, progress, quiz attempts, certificates, reviews and
          discussion posts (as JSON), and your profile picture. We e-mail you a link that works for 7 days, only when you are signed in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div role="status" aria-live="polite">
          {preparing ? (
            <p>Your data is being prepared (asked {dataExport.requestedAt}). We will e-mail you when it is ready.</p>
          ) : dataExport?.path ? (
            <p className="flex flex-wrap items-center gap-2">
              Your latest copy is ready until {dataExport.expiresAt}
              {dataExport.sizeBytes !== null ? ` (${formatFileSize(dataExport.sizeBytes)})` : ""}.
              <a
                href={dataExport.path}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                download
              >
                <Download className="size-4" aria-hidden="true" />
                Download the latest copy of my data
              </a>
            </p>
          ) : dataExport?.status === "failed" ? (
            <p className="text-destructive">Your last copy could not be prepared. Please ask again.</p>
          ) : dataExport?.expired ? (
            <p className="text-muted-foreground">Your last copy has expired.</p>
          ) : null}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="request-data-export" />
          <Button type="submit" variant="outline" loading={pending} disabled={preparing}>
            Download my data
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
