import { readBuiltInPage } from "~/server/pages/page-view.server";

/** The home page as the owner published it, or the default sections while they have none. */
export async function loader() {
  const { description, sections } = await readBuiltInPage("home");
  return { description, sections };
}
