import { DISCUSSION_ADMIN_STATES } from "~/lib/discussions";
import { defineListUrl, optionParam, pageParam, textParam } from "~/lib/list-url";

/** Admin → Discussions' address: a search, a course, a state, a page. */
export const discussionList = defineListUrl("/admin/discussions", {
  q: textParam({ maxLength: 200 }),
  course: textParam({ maxLength: 36 }),
  state: optionParam(DISCUSSION_ADMIN_STATES),
  page: pageParam(),
});
