import { readLegalPageView } from "~/server/pages/legal-pages.server";

export function loader() {
  return readLegalPageView({ slug: "terms" });
}
