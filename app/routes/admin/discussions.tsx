import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { MessagesSquare } from "lucide-react";
import type { Route } from "./+types/discussions";
import { adminDiscussionsAction, adminDiscussionsLoader } from "./discussions.server";
import { discussionList } from "./discussions-list";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useAnswerToast } from "~/components/use-toast-once";
import { DISCUSSION_ADMIN_STATE_LABELS, DISCUSSION_ADMIN_STATES, DISCUSSION_BAN_PERIOD_LABELS, DISCUSSION_BAN_PERIODS } from "~/lib/discussions";
import { adminMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Discussions");

export function loader({ request, context }: Route.LoaderArgs) {
  return adminDiscussionsLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return adminDiscussionsAction({ request, context });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATE_OPTIONS = DISCUSSION_ADMIN_STATES.map((value) => ({ value, label: DISCUSSION_ADMIN_STATE_LABELS[value] }));

function stateOf(post: Row) {
  if (post.status === "hidden") return <Badge variant="secondary">Hidden</Badge>;
  if (post.status === "held") return <Badge variant="warning">Waiting for review</Badge>;
  if (post.parentId) return <Badge variant="outline">Reply</Badge>;
  if (post.kind !== "question") return <Badge variant="outline">Comment</Badge>;
  return post.answered ? <Badge variant="success">Answered</Badge> : <Badge variant="destructive">Unanswered</Badge>;
}

const columns: AdminListColumn<Row>[] = [
  {
    header: "Post",
    className: "max-w-[14rem] sm:max-w-lg",
    cell: (post) => (
      <div className="grid gap-1">
        <span className="font-medium">
          {post.authorName} {post.byStaff && <Badge variant="gold">Staff</Badge>} {post.authorBanned && <Badge variant="secondary">Stopped from posting</Badge>}
        </span>
        <Link to={post.href} className="text-sm text-muted-foreground hover:underline">
          {post.courseTitle} › {post.lessonTitle}
        </Link>
        {post.inReplyTo !== null && <span className="text-xs text-muted-foreground">In reply to: {post.inReplyTo}</span>}
        <p className="line-clamp-4 text-sm break-words whitespace-pre-line">{post.bodyMd}</p>
        {post.hiddenReason && <p className="text-xs text-muted-foreground">Reason: {post.hiddenReason}</p>}
        <Moderation post={post} canBan={post.canBan} />
      </div>
    ),
  },
  { header: "State", from: "sm", cell: stateOf },
  { header: "Written", from: "md", className: "whitespace-nowrap", cell: (post) => post.written },
];

type Answer = { done?: boolean; error?: string; errors?: Record<string, string[]> };

/**
 * Reply, mark answered, hide with a reason, restore, delete and (an admin's alone) stop the author
 * from posting: each a small form posting to this page.
 */
function Moderation({ post, canBan }: { post: Row; canBan: boolean }) {
  const excerpt = post.bodyMd.slice(0, 40);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">Moderate the post by {post.authorName}</summary>
      <div className="mt-2 grid gap-3 rounded-md border p-3">
        {!post.parentId && post.status === "visible" && (
          <TextForm intent="reply" fields={{ id: post.id }} label={`Your reply to ${post.authorName}`} submit={`Reply to ${post.authorName}`} multiline />
        )}
        {!post.parentId && post.kind === "question" && (
          <SmallForm
            intent={post.answered ? "unanswered" : "answered"}
            fields={{ id: post.id }}
            submit={post.answered ? `Mark the question by ${post.authorName} not answered` : `Mark the question by ${post.authorName} answered`}
          />
        )}
        {post.status === "hidden" || post.status === "held" ? (
          <SmallForm intent="restore" fields={{ id: post.id }} submit={post.status === "held" ? `Approve the post by ${post.authorName}` : `Restore the post by ${post.authorName}`} />
        ) : (
          <TextForm intent="hide" fields={{ id: post.id }} label="Reason shown to the author" submit={`Hide the post by ${post.authorName}`} />
        )}
        <SmallForm intent="delete" fields={{ id: post.id }} submit={`Delete “${excerpt}”`} destructive />
        {canBan &&
          post.authorId &&
          (post.authorBanned ? (
            <SmallForm intent="unban" fields={{ userId: post.authorId }} submit={`Allow ${post.authorName} to post again`} />
          ) : (
            !post.byStaff && <BanForm userId={post.authorId} name={post.authorName} />
          ))}
      </div>
    </details>
  );
}

function SmallForm({ intent, fields, submit, destructive }: { intent: string; fields: Record<string, string>; submit: string; destructive?: boolean }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={destructive ? "destructive" : "outline"} loading={fetcher.state !== "idle"}>
        {submit}
      </Button>
    </fetcher.Form>
  );
}

function TextForm({ intent, fields, label, submit, multiline }: { intent: string; fields: Record<string, string>; label: string; submit: string; multiline?: boolean }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const id = useId();
  const name = intent === "reply" ? "body" : "reason";
  const error = fetcher.data?.errors?.[name]?.[0] ?? fetcher.data?.error;
  return (
    <fetcher.Form method="post" className="grid gap-1" key={fetcher.data?.done ? "sent" : "open"}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      {multiline ? (
        <Textarea id={id} name={name} rows={3} aria-invalid={error ? true : undefined} />
      ) : (
        <Input id={id} name={name} aria-invalid={error ? true : undefined} />
      )}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" variant="outline" loading={fetcher.state !== "idle"}>
          {submit}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function BanForm({ userId, name }: { userId: string; name: string }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const id = useId();
  const error = fetcher.data?.errors?.reason?.[0] ?? fetcher.data?.error;
  return (
    <fetcher.Form method="post" className="grid gap-1">
      <input type="hidden" name="intent" value="ban" />
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={`${id}-period`} className="text-xs font-medium">
        Stop {name} from posting for
      </label>
      <select id={`${id}-period`} name="period" defaultValue="7" className="h-9 rounded-md border bg-background px-2 text-sm">
        {DISCUSSION_BAN_PERIODS.map((period) => (
          <option key={period} value={period}>
            {DISCUSSION_BAN_PERIOD_LABELS[period]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-reason`} className="text-xs font-medium">
        Reason {name} will read
      </label>
      <Input id={`${id}-reason`} name="reason" aria-invalid={error ? true : undefined} />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" variant="destructive" loading={fetcher.state !== "idle"}>
          Stop {name} from posting
        </Button>
      </div>
    </fetcher.Form>
  );
}

export default function AdminDiscussions({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Discussions"
      noun={["post", "posts"]}
      list={discussionList}
      data={loaderData}
      search={{ id: "discussion", label: "Search posts by text, author or lesson", placeholder: "Search by text, author or lesson", maxLength: 200 }}
      filters={[
        { name: "course", label: "Course", allLabel: "All courses", options: loaderData.courses, phrase: "in the course" },
        { name: "state", label: "State", allLabel: "All states", options: STATE_OPTIONS, phrase: "that are" },
      ]}
      focusSearchOnN
      columns={columns}
      rowKey={(post) => post.id}
      empty={{ icon: <MessagesSquare />, none: "No discussions yet", noMatches: "No posts match your search" }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
