import { Link, useFetcher } from "react-router";
import { Bell } from "lucide-react";
import type { Route } from "./+types/account-notifications";
import { notificationsAction, notificationsLoader } from "./account-notifications.server";
import { Button } from "~/components/ui/button";
import { useAnswerToast } from "~/components/use-toast-once";
import { formatDateTime } from "~/lib/dates";
import { NOTIFICATION_TEXT } from "~/lib/discussions";
import { siteTitle } from "~/lib/seo";
import { cn } from "~/lib/utils";

export function loader(args: Route.LoaderArgs) {
  return notificationsLoader(args);
}

export function action({ request, context }: Route.ActionArgs) {
  return notificationsAction({ request, context });
}

export const meta: Route.MetaFunction = (args) => [{ title: siteTitle(args, "Notifications") }, { name: "robots", content: "noindex" }];

/** The bell's page: replies, answers and moderation news from discussions (issue 42). */
export default function AccountNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const readAll = useFetcher();
  useAnswerToast(readAll.data);
  const unread = notifications.filter((note) => !note.read).length;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Bell aria-hidden="true" className="size-6" /> Notifications
        </h1>
        {unread > 0 && (
          <readAll.Form method="post">
            <Button type="submit" name="intent" value="read-all" variant="outline" loading={readAll.state !== "idle"}>
              Mark all as read
            </Button>
          </readAll.Form>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        E-mail about discussions is set on your{" "}
        <Link to="/account#discussion-mail" className="font-medium text-primary hover:underline">
          account page
        </Link>
        .
      </p>
      {notifications.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">Nothing new. Replies to your questions will show here.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notifications">
          {notifications.map((note) => (
            <li key={note.id} className={cn("rounded-lg border p-4 text-sm", !note.read && "border-primary/50 bg-secondary/40")}>
              <p>
                {!note.read && <span className="sr-only">Unread: </span>}
                {note.kind === "hidden" || note.kind === "banned" ? (
                  <span className="font-medium">{NOTIFICATION_TEXT[note.kind]}</span>
                ) : (
                  <>
                    <span className="font-medium">{note.authorName}</span> {NOTIFICATION_TEXT[note.kind]}
                    {note.lessonTitle ? ` on “${note.lessonTitle}”` : ""}
                  </>
                )}
                {note.note ? `: ${note.note}` : ""}
              </p>
              {note.excerpt && note.kind !== "banned" ? <p className="mt-1 line-clamp-2 text-muted-foreground">{note.excerpt}</p> : null}
              <p className="mt-2 flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                {formatDateTime(note.createdAt)}
                {note.href && (
                  <Link to={note.href} className="font-medium text-primary hover:underline">
                    Open the post
                  </Link>
                )}
                {!note.read && <ReadButton id={note.id} />}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReadButton({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value="read" variant="link" size="sm" loading={fetcher.state !== "idle"}>
        Mark as read
      </Button>
    </fetcher.Form>
  );
}
