import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { topicList, topicScreenForm } from "~/lib/topic-forms";
import { TOPIC_MESSAGES } from "~/lib/topics";
import { isUuid } from "~/lib/uuid";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { createTopic, deleteTopic, findTopic, listTopicsForAdmin, moveTopic, renameTopic, TopicError } from "~/server/courses/topics.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Topics: the catalog's topics in order, each with its courses; `?rename=<id>` opens one to rename. */
export async function topicsLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  const renameId = new URL(request.url).searchParams.get("rename");
  const [list, renaming] = await Promise.all([
    readAdminList({
      request,
      list: topicList,
      failure: TOPIC_MESSAGES.listFailed,
      what: "topic list",
      read: async ({ q, page }) => {
        const result = await listTopicsForAdmin({ query: q, page });
        return { ...result, rows: result.topics };
      },
    }),
    renameId && isUuid(renameId) ? findTopic({ id: renameId }) : null,
  ]);
  return { ...list, renaming };
}

/** The message a refused topic write shows, and on which field. */
async function refusal(error: TopicError, id?: string) {
  switch (error.reason) {
    case "taken":
      return { status: 400, field: "name", message: TOPIC_MESSAGES.taken };
    case "noSlug":
      return { status: 400, field: "name", message: TOPIC_MESSAGES.noSlug };
    case "inUse":
      return { status: 409, field: "id", message: TOPIC_MESSAGES.inUse((id ? await findTopic({ id }) : null)?.courseCount ?? 1) };
    case "notFound":
      return { status: 404, field: "id", message: TOPIC_MESSAGES.notFound };
  }
}

/** Add, rename, move up or down, delete. A refusal keeps what was typed and says why. */
export async function topicsAction({ request, context }: Args) {
  requireAdmin({ request, context });
  const parsed = parseForm(topicScreenForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "create":
        await createTopic({ name: form.name });
        return dataWithToast({ saved: true }, { kind: "success", message: TOPIC_MESSAGES.created });
      case "rename":
        await renameTopic({ id: form.id, name: form.name });
        return dataWithToast({ saved: true }, { kind: "success", message: TOPIC_MESSAGES.renamed });
      case "move":
        await moveTopic({ id: form.id, direction: form.direction });
        return dataWithToast({}, { kind: "success", message: TOPIC_MESSAGES.moved });
      case "delete":
        await deleteTopic({ id: form.id });
        return dataWithToast({}, { kind: "success", message: TOPIC_MESSAGES.deleted });
    }
  } catch (error) {
    if (!(error instanceof TopicError)) throw error;
    const { status, field, message } = await refusal(error, "id" in form ? form.id : undefined);
    return dataWithToast(
      { intent: form.intent, errors: { [field]: [message] }, values: parsed.values },
      { kind: "error", message },
      status,
    );
  }
}
