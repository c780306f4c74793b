import { readBuiltInPage } from "~/server/pages/page-view.server";

/** The pricing page as the owner published it in Admin → Pages, or the default sections while they have none. */
export async function loader() {
  return readBuiltInPage("pricing");
}
