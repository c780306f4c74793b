import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CourseCard } from "~/components/course-card";
import { pageMeta, SITE_NAME } from "~/lib/seo";
import { listFeaturedCourses } from "~/server/courses.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: SITE_NAME,
    description: "Practical, project-based courses on Shopify, AI prompting, automation and no-code apps. Rated 4.9 by 12,000+ learners.",
    path: "/",
  });

export async function loader() {
  return { featured: await listFeaturedCourses({ limit: 3 }) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-hero text-hero-foreground">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28">
          <p className="text-sm font-semibold uppercase tracking-widest text-warm">4.9 average from 12,000+ learners</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Build the store, the prompts and the automations that run your business.</h1>
          <p className="mt-6 max-w-2xl text-lg text-hero-foreground/80">150+ lessons that turn Shopify, ChatGPT and n8n into 20+ hours saved every week.</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/courses" className="rounded-md bg-warm px-5 py-3 font-semibold text-warm-foreground">
              Browse courses
            </Link>
            <Link to="/pricing#membership" className="rounded-md border border-hero-foreground/30 px-5 py-3 font-semibold">
              See membership
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
          Featured courses
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.featured.map((course, index) => (
            <CourseCard key={course.id} course={course} priority={index === 0} />
          ))}
        </div>
      </section>
    </>
  );
}
