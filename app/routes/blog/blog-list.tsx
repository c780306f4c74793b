import { Link, useNavigation } from "react-router";
import { Rss } from "lucide-react";
import { FilterPill } from "~/components/filter-pill";
import { ListSearchForm } from "~/components/list-search-form";
import type { Route } from "./+types/blog-list";
import { BlogPostCard } from "~/components/blog-post-card";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { BLOG_CATEGORIES, BLOG_SORTS, blogListUrl, type BlogFilters } from "~/lib/blog-filters";
import { blogFeedLink, pageMeta, siteSettingsOf } from "~/lib/seo";
import { cn } from "~/lib/utils";
export { loader } from "./blog-list.server";

/** The spec's search debounce. */
const SEARCH_DEBOUNCE_MS = 150;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Blog",
    description: `Field guides on Shopify, AI & ChatGPT, automation and execution for small online stores, from the ${siteSettingsOf(args).schoolName} team.`,
    path: "/blog",
  }),
  blogFeedLink(args),
];

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { filters, posts, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
          <p className="mt-3 text-muted-foreground">
            Field guides on Shopify, AI, automation and getting things shipped, written for people who run small online stores.
          </p>
        </div>
        <a href="/blog/rss.xml" className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <Rss aria-hidden="true" className="size-4" />
          RSS feed
        </a>
      </header>

      <BlogControls filters={filters} />

      <section aria-label="Posts" aria-busy={busy} className={cn("mt-8 transition-opacity", busy && "opacity-60")}>
        <p className="sr-only" aria-live="polite">
          {total === 1 ? "1 post" : `${total} posts`}
        </p>
        {posts.length === 0 ? (
          <EmptyState
            title="No posts match your filters."
            description="Try another search or category, or clear the filters to see every post."
            action={
              <Button asChild variant="outline">
                <Link to="/blog">Clear filters</Link>
              </Button>
            }
          />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <BlogPostCard key={post.id} post={post} priority={index < 3} />
            ))}
          </div>
        )}
        <Pagination
          className="mt-10"
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => blogListUrl.href(filters, { page: target })}
          aria-label="Blog pages"
        />
      </section>
    </div>
  );
}

/**
 * Search, sort and category pills. A plain GET form, so it works without JavaScript; once
 * hydrated, typing filters after a short pause and the sort applies on change, as client-side
 * navigations (no full reload).
 */
function BlogControls({ filters }: { filters: BlogFilters }) {
  return (
    <div className="mt-8 flex flex-col gap-5">
      <ListSearchForm
        id="blog"
        action="/blog"
        hidden={{ category: filters.category }}
        searchLabel="Search posts"
        placeholder="Search titles and excerpts…"
        query={filters.q}
        selects={[{ name: "sort", label: "Sort by", value: filters.sort, options: BLOG_SORTS, applyOnChange: true, className: "md:w-56" }]}
        delayMs={SEARCH_DEBOUNCE_MS}
        hrefFor={(fields) => blogListUrl.hrefFromForm(filters, fields)}
      />

      <nav aria-label="Categories">
        <ul role="list" className="flex flex-wrap gap-2">
          {[{ value: null, label: "All" }, ...BLOG_CATEGORIES].map((pill) => {
            const active = pill.value === filters.category;
            return (
              <li key={pill.label}>
                <FilterPill to={blogListUrl.href(filters, { category: pill.value })} active={active} current="page">
                  {pill.label}
                </FilterPill>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
