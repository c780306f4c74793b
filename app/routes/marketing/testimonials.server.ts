import { redirect } from "react-router";
import type { Route } from "./+types/testimonials";
import { untidyFiltersRedirect } from "~/lib/marketing-filters";
import { listTestimonials, readFilters, summariseTestimonials, testimonialFiltersSchema } from "~/server/marketing/marketing.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tidy = untidyFiltersRedirect(url);
  if (tidy) throw redirect(tidy);
  const filters = readFilters(testimonialFiltersSchema, url);
  const [testimonials, summary] = await Promise.all([listTestimonials({ filters }), summariseTestimonials()]);
  return { filters, testimonials, summary };
}
