import { redirect } from "react-router";
import type { Route } from "./+types/testimonials";
import { untidyFiltersRedirect } from "~/lib/marketing-filters";
import { listTestimonials, readFilters, testimonialFiltersSchema } from "~/server/marketing/marketing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tidy = untidyFiltersRedirect(url);
  if (tidy) throw redirect(tidy);
  const filters = readFilters(testimonialFiltersSchema, url);
  return { filters, testimonials: await listTestimonials({ filters }) };
}
