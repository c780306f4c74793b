import { History } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";

/** One line of a person's access history, as the user page's loader makes it ready to show. */
export type HistoryEntry = {
  id: string;
  /** ISO time for `<time dateTime>`, and the same time as people read it. */
  at: string;
  when: string;
  what: string;
  subject: string;
  actor: string;
  source: string | null;
  note: string | null;
};

/** The History card of /admin/users/:id: grants, revokes and role changes, newest first; null when it failed to load. */
export function UserHistory({ history }: { history: HistoryEntry[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>History</h2>
        </CardTitle>
        <CardDescription>Course access and role changes, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history === null ? (
          <p role="alert" className="text-sm text-destructive">
            The history could not be loaded. Please try again in a moment.
          </p>
        ) : history.length === 0 ? (
          <EmptyState
            icon={<History />}
            titleAs="h3"
            title="No changes yet"
            description="Grants, revokes and role changes will be listed here."
          />
        ) : (
          <ol className="divide-y divide-border" aria-label="History">
            {history.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
                <div className="min-w-0">
                  <p>
                    <span className="font-medium">{event.what}</span>
                    <span className="text-muted-foreground"> · </span>
                    <span>{event.subject}</span>
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    by {event.actor}
                    {event.source ? ` · ${event.source}` : ""}
                    {event.note ? ` · ${event.note}` : ""}
                  </p>
                </div>
                <time dateTime={event.at} className="shrink-0 text-xs text-muted-foreground">
                  {event.when}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
