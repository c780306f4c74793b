import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CheckCircle2, MessageSquare, ThumbsUp } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { useAnswerToast } from "~/components/use-toast-once";
import { DISCUSSION_BODY_MAX, type DiscussionPostView, type DiscussionSort, type DiscussionThreadView } from "~/lib/discussions";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";

export type LessonDiscussionData = {
  sort: DiscussionSort;
  canWrite: boolean;
  writeRefusal: "sign-in" | "confirm-email" | null;
  staff: boolean;
  threads: DiscussionThreadView[];
};

type Answer = {
  formId?: string | null;
  done?: boolean;
  error?: string;
  errors?: Record<string, string[]>;
  preview?: string;
  held?: boolean;
};

/** Only the server's sanitised discussion HTML (app/server/markdown.server.ts) is passed in. */
const postClasses =
  "max-w-prose text-sm leading-6 break-words [&>*+*]:mt-3 [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_strong]:font-semibold";

/**
 * A lesson's discussion (issue 42): the threads, newest or most helpful first, with one level of
 * replies, and the forms to ask, reply, edit, delete, mark helpful or answered and follow. Every
 * form posts to the discussion route (`action`), so it works without JavaScript too.
 */
export function LessonDiscussion({
  action,
  discussion,
  signInHref,
  sortHref,
}: {
  action: string;
  discussion: LessonDiscussionData;
  signInHref: string;
  /** The page's own address with `?sort=…`. */
  sortHref: (sort: DiscussionSort) => string;
}) {
  const { threads, sort } = discussion;
  return (
    <section id="discussion" aria-labelledby="discussion-heading" className="flex flex-col gap-5 border-t pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discussion-heading" className="flex items-center gap-2 text-xl font-semibold">
          <MessageSquare aria-hidden="true" className="size-5" /> Discussion
        </h2>
        <nav aria-label="Sort the discussion" className="flex gap-2 text-sm">
          {(["newest", "helpful"] as const).map((option) => (
            <Link
              key={option}
              to={sortHref(option)}
              preventScrollReset
              aria-current={sort === option ? "true" : undefined}
              className={cn("rounded-md px-2 py-1", sort === option ? "bg-secondary font-medium" : "text-muted-foreground hover:underline")}
            >
              {option === "newest" ? "Newest" : "Most helpful"}
            </Link>
          ))}
        </nav>
      </div>

      {discussion.canWrite ? (
        <PostForm action={action} intent="ask" formId="ask" label="Ask a question or share a comment" submitLabel="Post" withKind />
      ) : discussion.writeRefusal === "confirm-email" ? (
        <p className="text-sm text-muted-foreground">Confirm your e-mail address to post in free preview discussions.</p>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link to={signInHref} className="font-medium text-primary hover:underline">
            Sign in
          </Link>{" "}
          to ask a question.
        </p>
      )}

      {threads.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">No questions yet. Be the first to ask.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Threads">
          {threads.map((thread) => (
            <li key={thread.id}>
              <Thread action={action} thread={thread} canWrite={discussion.canWrite} staff={discussion.staff} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Thread({ action, thread, canWrite, staff }: { action: string; thread: DiscussionThreadView; canWrite: boolean; staff: boolean }) {
  const canMarkAnswered = thread.kind === "question" && !thread.deleted && (thread.own || staff);
  return (
    <article id={`post-${thread.id}`} aria-label={thread.deleted ? "Deleted post" : `${thread.kind === "question" ? "Question" : "Comment"} by ${thread.authorName}`} className="flex flex-col gap-3 rounded-lg border p-4">
      <Post action={action} post={thread} canWrite={canWrite} staff={staff}>
        <Badge variant="outline">{thread.kind === "question" ? "Question" : "Comment"}</Badge>
        {thread.answered && (
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" className="size-3" /> Answered
          </Badge>
        )}
      </Post>
      <div className="flex flex-wrap gap-2">
        {canMarkAnswered && (
          <QuickAction
            action={action}
            fields={{ intent: "answered", threadId: thread.id, answered: thread.answered ? "false" : "true" }}
            label={thread.answered ? "Mark as not answered" : "Mark as answered"}
          />
        )}
        {canWrite && !thread.deleted && (
          <QuickAction
            action={action}
            fields={{ intent: "follow", threadId: thread.id, following: thread.following ? "false" : "true" }}
            label={thread.following ? "Unfollow thread" : "Follow thread"}
          />
        )}
      </div>
      {thread.replies.length > 0 && (
        <ol className="flex flex-col gap-3 border-l-2 pl-4" aria-label="Replies">
          {thread.replies.map((reply) => (
            <li key={reply.id} id={`post-${reply.id}`}>
              <Post action={action} post={reply} canWrite={canWrite} staff={staff} />
            </li>
          ))}
        </ol>
      )}
      {canWrite && !thread.deleted && thread.status === "visible" && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">Reply to {thread.authorName}</summary>
          <div className="pt-3">
            <PostForm action={action} intent="reply" formId={`reply-${thread.id}`} label={`Your reply to ${thread.authorName}`} submitLabel="Post reply" hidden={{ threadId: thread.id }} />
          </div>
        </details>
      )}
    </article>
  );
}

function Post({
  action,
  post,
  canWrite,
  staff,
  children,
}: {
  action: string;
  post: DiscussionPostView;
  canWrite: boolean;
  staff: boolean;
  children?: React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  if (post.deleted) return <p className="text-sm text-muted-foreground italic">This post was deleted.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{post.authorName}</span>
        {post.byStaff && <Badge variant="gold">Staff</Badge>}
        {children}
        <span className="text-muted-foreground">{formatDateTime(post.createdAt)}</span>
        {post.edited && <span className="text-muted-foreground">(edited)</span>}
      </p>
      {post.status === "held" && <p className="text-sm font-medium text-accent-foreground">Waiting for review: only you and staff can see this post.</p>}
      {post.status === "hidden" && (
        <p className="text-sm font-medium text-destructive">Hidden by staff{post.hiddenReason ? `: ${post.hiddenReason}` : ""}. Only you and staff can see it.</p>
      )}
      {editing && post.bodyMd !== null ? (
        <PostForm
          action={action}
          intent="edit"
          formId={`edit-${post.id}`}
          label="Edit your post"
          submitLabel="Save changes"
          hidden={{ postId: post.id }}
          initial={post.bodyMd}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className={postClasses} dangerouslySetInnerHTML={{ __html: post.html }} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {post.own || !canWrite ? (
          post.helpfulCount > 0 && (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <ThumbsUp aria-hidden="true" className="size-4" /> {post.helpfulCount} found this helpful
            </span>
          )
        ) : (
          <QuickAction
            action={action}
            fields={{ intent: "helpful", postId: post.id }}
            label={post.markedHelpful ? `Marked helpful (${post.helpfulCount})` : `Mark ${post.authorName}’s post helpful (${post.helpfulCount})`}
            disabled={post.markedHelpful}
          />
        )}
        {post.canEdit && !editing && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit your post
          </Button>
        )}
        {(post.own || staff) && <QuickAction action={action} fields={{ intent: "delete", postId: post.id }} label={post.own ? "Delete your post" : `Delete ${post.authorName}’s post`} />}
      </div>
    </div>
  );
}

/** A one-button form (helpful, answered, follow, delete). */
function QuickAction({ action, fields, label, disabled }: { action: string; fields: Record<string, string>; label: string; disabled?: boolean }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant="outline" loading={fetcher.state !== "idle"} disabled={disabled}>
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** Asking, replying and editing: the text, its count, a preview, and the reason when refused. */
function PostForm({
  action,
  intent,
  formId,
  label,
  submitLabel,
  hidden = {},
  initial = "",
  withKind = false,
  onDone,
}: {
  action: string;
  intent: "ask" | "reply" | "edit";
  formId: string;
  label: string;
  submitLabel: string;
  hidden?: Record<string, string>;
  initial?: string;
  withKind?: boolean;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<Answer>();
  const preview = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const [text, setText] = useState(initial);
  const [showPreview, setShowPreview] = useState(false);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.done) {
      setText("");
      setShowPreview(false);
      onDone?.();
    }
  }, [fetcher.state, answer, onDone]);
  const error = answer?.error ?? answer?.errors?.body?.[0] ?? answer?.errors?.kind?.[0] ?? answer?.errors?.form?.[0] ?? null;
  const over = text.length > DISCUSSION_BODY_MAX;
  return (
    <fetcher.Form ref={form} method="post" action={action} preventScrollReset className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={formId} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {withKind && (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Kind of post</legend>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="kind" value="question" defaultChecked /> Question
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="kind" value="comment" /> Comment
          </label>
        </fieldset>
      )}
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        name="body"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-hint`} className={cn("text-xs", over ? "text-destructive" : "text-muted-foreground")}>
        {text.length.toLocaleString("en-US")} / 5,000 characters. **bold**, *italic*, `code` and links work.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {showPreview && (
        <div aria-live="polite" className="rounded-md border bg-secondary/30 p-3">
          <p className="mb-2 text-xs font-medium text-muted-foreground">Preview</p>
          {preview.data?.error ? (
            <p className="text-sm text-destructive">{preview.data.error}</p>
          ) : (
            <div className={postClasses} dangerouslySetInnerHTML={{ __html: preview.data?.preview ?? "" }} />
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
          {submitLabel}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          loading={preview.state !== "idle"}
          onClick={() => {
            setShowPreview(true);
            void preview.submit({ intent: "preview", body: text }, { method: "post", action });
          }}
        >
          Preview {intent === "edit" ? "your changes" : "your post"}
        </Button>
        {onDone && (
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Cancel editing
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}
