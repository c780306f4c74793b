import type { PublishStatus } from "~/lib/domain-values";
import { isAdminRole } from "~/lib/roles";

/**
 * "A draft is hidden unless you are an admin" (§5, §6), written once. A course or post that is
 * not published does not exist for anyone else: its page, its lessons and its actions answer 404,
 * the same as for an address that names nothing. Admins see it, to preview it before publishing.
 */

type Viewer = { role: string | null } | null | undefined;

/** Whether this person may see what is not published yet. */
export function canSeeDrafts(user: Viewer) {
  return isAdminRole(user?.role);
}

/** Whether this person may see this course: a published one, or any one for an admin. */
export function canSeeCourse({ user, course }: { user: Viewer; course: { status: PublishStatus | string } }) {
  return course.status === "published" || canSeeDrafts(user);
}
