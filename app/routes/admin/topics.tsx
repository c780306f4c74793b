import { Tags } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/topics";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, RowActions, RowIntentButton, RowLink } from "~/components/admin/list/row-actions";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useAnswerToast } from "~/components/use-toast-once";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import { adminMeta } from "~/lib/seo";
import { topicList } from "~/lib/topic-forms";
import { TOPIC_MESSAGES } from "~/lib/topics";
import { topicsAction, topicsLoader } from "./topics.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Topics");

export function loader({ request, context }: Route.LoaderArgs) {
  return topicsLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return topicsAction({ request, context });
}

type TopicRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<TopicRow>[] = [
  { header: "Topic", cell: (topic) => <span className="font-medium">{topic.name}</span> },
  {
    header: "In the catalog",
    from: "md",
    cell: (topic) => (
      <Link to={`/courses?topic=${topic.slug}`} className="text-sm underline underline-offset-4" aria-label={`Open the catalog filtered by ${topic.name}`}>
        /courses?topic={topic.slug}
      </Link>
    ),
  },
  { header: "Courses", align: "right", className: "tabular-nums", cell: (topic) => topic.courseCount },
];

type Answer = { intent?: string; errors?: Record<string, string[] | undefined>; values?: Record<string, string>; saved?: boolean } | undefined;

export default function AdminTopics({ loaderData, actionData }: Route.ComponentProps) {
  const { renaming } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const refused = (intent: string) => (answer && !answer.saved && answer.values?.intent === intent ? answer : undefined);
  const createAnswer = refused("create");
  const renameAnswer = refused("rename");
  const { filters, pageCount } = loaderData;
  // The list's ends (not the page's): the first row of page 2 still moves up.
  const first = filters.page === 1 ? loaderData.rows[0]?.id : undefined;
  const last = filters.page === pageCount ? loaderData.rows.at(-1)?.id : undefined;

  return (
    <div className="grid gap-8">
      <AdminListPage
        title="Topics"
        noun={["topic", "topics"]}
        list={topicList}
        data={loaderData}
        search={{ id: "topic", label: "Search topics", placeholder: "Search by name", maxLength: 60 }}
        focusSearchOnN
        columns={columns}
        rowKey={(topic) => topic.id}
        rowActions={(topic, rowDelete) => (
          <RowActions>
            {/* Moving is only offered on the whole list: in a search, the neighbours are not the list's. */}
            {!filters.q && topic.id !== first ? (
              <RowIntentButton intent="move" fields={{ id: topic.id, direction: "up" }} label={`Move “${topic.name}” up`} variant="outline">
                Up
              </RowIntentButton>
            ) : null}
            {!filters.q && topic.id !== last ? (
              <RowIntentButton intent="move" fields={{ id: topic.id, direction: "down" }} label={`Move “${topic.name}” down`} variant="outline">
                Down
              </RowIntentButton>
            ) : null}
            <RowLink to={`/admin/topics?rename=${topic.id}`} label={`Rename “${topic.name}”`}>
              Rename
            </RowLink>
            <DeleteRowButton
              id={topic.id}
              title={topic.name}
              description={
                topic.courseCount > 0
                  ? TOPIC_MESSAGES.inUse(topic.courseCount)
                  : "The topic leaves the catalog's filters. No course uses it, so no course changes."
              }
              rowDelete={rowDelete}
            />
          </RowActions>
        )}
        empty={{
          icon: <Tags />,
          none: TOPIC_MESSAGES.empty,
          noneDescription: "Topics group your courses in the catalog. Add the first one below.",
          noMatches: "No topics match your search.",
        }}
      />

      {renaming ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Rename “{renaming.name}”</h2>
            </CardTitle>
            <CardDescription>
              {renaming.courseCount === 1 ? "The 1 course" : `The ${renaming.courseCount} courses`} with this topic keep it under its new
              name. Its catalog address follows the name.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end" key={renaming.id}>
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="id" value={renaming.id} />
              <FormField label="New name" name="name" error={renameAnswer?.errors?.name ?? renameAnswer?.errors?.id}>
                <Input defaultValue={renameAnswer?.values?.name ?? renaming.name} maxLength={COURSE_LIMITS.topicName} required />
              </FormField>
              <Button type="submit" loading={busy("rename")}>
                Save name
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/topics">Cancel</Link>
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Add a topic</h2>
          </CardTitle>
          <CardDescription>It joins the end of the list, as a filter in the catalog and a choice on every course's form.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" key={answer?.saved ? `saved-${navigation.state}` : "adding"}>
            <input type="hidden" name="intent" value="create" />
            <FormField label="Topic name" name="name" error={createAnswer?.errors?.name}>
              <Input defaultValue={createAnswer?.values?.name ?? ""} maxLength={COURSE_LIMITS.topicName} placeholder="Email marketing" required />
            </FormField>
            <Button type="submit" loading={busy("create")}>
              Add topic
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
