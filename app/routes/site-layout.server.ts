import { readSiteLayout } from "~/server/pages/site-layout.server";

/** The header's Courses menu, the owner's navigation lists and social links (the same for everyone; kept in memory). */
export function loader() {
  return readSiteLayout();
}
