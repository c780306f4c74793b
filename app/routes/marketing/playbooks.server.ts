import { redirect } from "react-router";
import type { Route } from "./+types/playbooks";
import { untidyFiltersRedirect } from "~/lib/marketing-filters";
import { listPlaybooks, playbookFiltersSchema, readFilters } from "~/server/marketing/marketing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tidy = untidyFiltersRedirect(url);
  if (tidy) throw redirect(tidy);
  const filters = readFilters(playbookFiltersSchema, url);
  return { filters, playbooks: await listPlaybooks({ filters }) };
}
