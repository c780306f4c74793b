import { Form, Link, useNavigation, useSubmit } from "react-router";

import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { TestModeBanner } from "~/components/payments/test-mode-banner";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { useSchoolMoney } from "~/components/use-site-settings";
import { useAnswerToast } from "~/components/use-toast-once";

export { loader, action } from "./dashboard.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Dashboard");

const STATS = [
  { name: "users", label: "Users" },
  { name: "newUsers", label: "New users (7 days)" },
  { name: "courses", label: "Courses" },
  { name: "lessons", label: "Lessons" },
  { name: "publishedPosts", label: "Published posts" },
  { name: "draftPosts", label: "Drafts" },
  { name: "unansweredQuestions", label: "Unanswered questions (over a day)", href: "/admin/discussions?state=unanswered" },
] as const;

/** The owner's first steps, each linked to where it is done; the dashboard drops the list once all are. */
function GettingStarted({ steps }: { steps: { id: string; label: string; done: boolean; href: string; linkLabel: string }[] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="getting-started-heading" className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 id="getting-started-heading" className="font-semibold">
        Getting started
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {done} of {steps.length} done
      </p>
      <ol className="mt-3 grid gap-2">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className={step.done ? "text-muted-foreground line-through" : "font-medium"}>
              {step.label}
              <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
            </span>
            {step.done ? (
              <Badge variant="success">Done</Badge>
            ) : (
              <Link to={step.href} className="font-medium text-primary hover:underline" aria-label={`${step.linkLabel}: ${step.label}`}>
                {step.linkLabel}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The legal pages still holding the demo's words: each one linked to its editor. */
function LegalDemoNotice({ pages }: { pages: { slug: string; title: string }[] }) {
  return (
    <section aria-labelledby="legal-notice-heading" className="rounded-lg border border-warm/50 bg-accent p-4 text-accent-foreground">
      <h2 id="legal-notice-heading" className="font-semibold">
        Your legal pages still hold the demo's text
      </h2>
      <p className="mt-1 text-sm">Read them and make them yours before you sell:</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {pages.map((page) => (
          <li key={page.slug}>
            <Link to={`/admin/pages/legal/${page.slug}`} className="font-medium underline">
              Edit {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const REVENUE_STATS = [
  { name: "todayCents", label: "Today" },
  { name: "last7DaysCents", label: "Last 7 days" },
  { name: "last30DaysCents", label: "Last 30 days" },
] as const;

/** Revenue paid today, in 7 and in 30 days: without tax, refunded orders left out (app/server/analytics). */
function Revenue({ revenue }: { revenue: Route.ComponentProps["loaderData"]["revenue"] }) {
  const { money } = useSchoolMoney();
  return (
    <section aria-labelledby="revenue-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="revenue-heading" className="text-lg font-semibold">
          Revenue
        </h2>
        <p className="text-sm text-muted-foreground">
          Without tax and refunded orders.{" "}
          <Link to="/admin/analytics" className="underline hover:text-foreground">
            See analytics
          </Link>
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {REVENUE_STATS.map((stat) => (
          <div key={stat.name} className="rounded-xl border border-border bg-card p-4 shadow-sm" data-stat={stat.name}>
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">
              {revenue === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Not available</span>
                </>
              ) : (
                money(revenue[stat.name])
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * While the demo is still there: what it holds and the button that removes it, after a confirmation
 * naming the counts. Only the owner may remove it (the action says so to anyone else).
 */
function DemoContentCard({ demo, canRemove }: { demo: { summary: string; keptCourseTitles: string[] }; canRemove: boolean }) {
  const kept = demo.keptCourseTitles.map((title) => `“${title}”`);
  const submit = useSubmit();
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove-demo";
  return (
    <section id="demo-content" aria-labelledby="demo-content-heading" className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 id="demo-content-heading" className="font-semibold">
        Demo content
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Your school still holds the demo: {demo.summary}. Remove it before you launch; what you made yourself stays.
        {kept.length > 0 ? ` ${new Intl.ListFormat("en", { type: "conjunction" }).format(kept)} ${kept.length === 1 ? "stays because real learners hold it" : "stay because real learners hold them"}.` : ""}
      </p>
      {canRemove ? (
        <Form method="post" className="mt-3" onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="intent" value="remove-demo" />
          <ConfirmButton
            trigger={
              <Button type="submit" variant="destructive" loading={removing}>
                Remove the demo content
              </Button>
            }
            title="Remove the demo content?"
            description={`This removes ${demo.summary}. Courses, posts and pages you made stay. This cannot be undone.`}
            confirmLabel="Remove the demo content"
            onConfirm={() => void submit({ intent: "remove-demo" }, { method: "post" })}
          />
        </Form>
      ) : (
        <p className="mt-2 text-sm">Ask the school's owner to remove it.</p>
      )}
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, revenue, testMode, recentUsers, recentPosts, legalWithDemoText, gettingStarted, demo, isOwner } = loaderData;
  useAnswerToast(actionData);
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      {testMode ? <TestModeBanner /> : null}
      {gettingStarted.length > 0 ? <GettingStarted steps={gettingStarted} /> : null}
      {legalWithDemoText.length > 0 ? <LegalDemoNotice pages={legalWithDemoText} /> : null}
      {demo ? <DemoContentCard demo={demo} canRemove={isOwner} /> : null}
      <Revenue revenue={revenue} />
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="sr-only">
          Counts
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4 xl:grid-cols-7">
          {STATS.map((stat) => (
            <div key={stat.name} className="rounded-xl border border-border bg-card p-4 shadow-sm" data-stat={stat.name}>
              <dt className="text-sm text-muted-foreground">
                {"href" in stat ? (
                  <Link to={stat.href} className="hover:underline">
                    {stat.label}
                  </Link>
                ) : (
                  stat.label
                )}
              </dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">
                {counts[stat.name] === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not available</span>
                  </>
                ) : (
                  counts[stat.name]
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Recent users</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {recentUsers.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent users.</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Recent users">
                {recentUsers.map((user) => (
                  <li key={user.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <Link to={`/admin/users/${user.id}`} className="block truncate font-medium hover:underline">
                        {user.name || user.email}
                      </Link>
                      <p className="truncate text-sm text-muted-foreground">{user.email}</p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <Badge variant={user.isAdmin ? "gold" : "secondary"}>{user.role || "user"}</Badge>
                      <span className="text-xs text-muted-foreground">{user.joined}</span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Recent posts</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {recentPosts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No recent posts.</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Recent posts">
                {recentPosts.map((post) => (
                  <li key={post.id} className="flex items-center justify-between gap-3 py-2.5">
                    <Link to={`/admin/blog/${post.id}/edit`} className="min-w-0 truncate font-medium hover:underline">
                      {post.title}
                    </Link>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <PublishStatusBadge status={post.status} />
                      <span className="text-xs text-muted-foreground">{post.date}</span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
