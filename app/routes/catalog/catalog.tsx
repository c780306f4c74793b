import { type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { LayoutGrid, List } from "lucide-react";
import { FilterPill } from "~/components/filter-pill";
import { ListSearchForm } from "~/components/list-search-form";
import type { Route } from "./+types/catalog";
import { CourseCard } from "~/components/course-card";
import { CourseCardSkeleton } from "~/components/course-card-skeleton";
import { CourseDetailSkeleton } from "~/components/course-detail-skeleton";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { CourseImage } from "~/components/course-image";
import { formatMoney } from "~/lib/money";
import {
  CATALOG_LEVEL_OPTIONS,
  CATALOG_MAX_PAGE,
  CATALOG_PAGE_SIZE,
  CATALOG_SORTS,
  CATALOG_TYPE_OPTIONS,
  catalogTopicOptions,
  catalogListUrl,
  hasActiveFilters,
  type CatalogFilters,
} from "~/lib/catalog-filters";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
import { cn } from "~/lib/utils";
export { loader } from "./catalog.server";

/** How long the search box waits after the last keystroke before it filters. */
const SEARCH_DEBOUNCE_MS = 250;

export const meta: Route.MetaFunction = (args) =>
  // /catalog is the same page: both name /courses as the canonical address.
  pageMeta(args, {
    title: "Course Catalog",
    description: catalogDescription(siteSettingsOf(args).schoolName, args.loaderData?.topics ?? []),
    path: "/courses",
  });

/** "Browse every … course on Shopify, AI & ChatGPT and Lovable. …", naming the owner's topics. */
function catalogDescription(schoolName: string, topics: ReadonlyArray<{ name: string }>) {
  const names = topics.map((topic) => topic.name);
  const on = names.length === 0 ? "" : ` on ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`}`;
  return `Browse every ${schoolName} course${on}. Filter by level and topic, sort by popularity, price or date.`;
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { filters, courses, total, topics, bundles, currency } = loaderData;
  const { pathname } = useLocation();
  const navigation = useNavigation();

  const target = navigation.state === "loading" ? navigation.location : null;
  if (target && /^\/courses\/[^/]+\/?$/.test(target.pathname)) return <CourseDetailSkeleton />;
  const pending = target && target.pathname === pathname ? catalogListUrl.parse(new URLSearchParams(target.search)) : null;
  const loadingMore = pending !== null && samePageOfResults(pending, filters) && pending.page > filters.page;
  const refiltering = pending !== null && !loadingMore;

  const view = pending?.view ?? filters.view;
  const shown = courses.length;
  const canLoadMore = shown < total && filters.page < CATALOG_MAX_PAGE;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Course Catalog</h1>
        <p className="mt-3 text-muted-foreground">
          Practical courses on Shopify, AI & ChatGPT, automation, fulfillment and Lovable. Find the next one for your business.
        </p>
      </header>

      <CatalogControls filters={filters} pathname={pathname} topics={topics} />

      {bundles.length > 0 ? <BundleCards bundles={bundles} currency={currency} /> : null}
      {filters.type === "bundles" ? (
        bundles.length === 0 ? (
          <EmptyState
            className="mt-6"
            title="No bundles yet."
            description="Every course is sold on its own for now."
            action={
              <Button asChild variant="outline">
                <Link to="/courses">See every course</Link>
              </Button>
            }
          />
        ) : null
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-b pb-4">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Showing {shown} of {total}
            </p>
            <div className="flex items-center gap-1" role="group" aria-label="Layout">
              <ViewLink pathname={pathname} filters={filters} view="grid" label="Grid view" icon={<LayoutGrid />} />
              <ViewLink pathname={pathname} filters={filters} view="list" label="List view" icon={<List />} />
            </div>
          </div>

          <section aria-label="Courses" aria-busy={refiltering || loadingMore} className="mt-6">
            {refiltering ? (
              <ResultsLayout view={view}>
                {Array.from({ length: Math.min(Math.max(shown, 3), 6) }, (_, index) => (
                  <CourseCardSkeleton key={index} variant={view} />
                ))}
              </ResultsLayout>
            ) : courses.length === 0 ? (
              <EmptyState
                title="No courses match your filters."
                description="Try another search, or clear the filters to see every course."
                action={
                  hasActiveFilters(filters) && (
                    <Button asChild variant="outline">
                      <Link to="/courses">Clear filters</Link>
                    </Button>
                  )
                }
              />
            ) : (
              <>
                <ResultsLayout view={view}>
                  {courses.map((course, index) => (
                    <CourseCard key={course.id} course={course} variant={view} headingAs="h2" priority={index < 3} />
                  ))}
                  {loadingMore &&
                    Array.from({ length: Math.min(CATALOG_PAGE_SIZE, total - shown, 6) }, (_, index) => (
                      <CourseCardSkeleton key={`more-${index}`} variant={view} />
                    ))}
                </ResultsLayout>
                {canLoadMore && (
                  <div className="mt-10 flex justify-center">
                    <Button asChild variant="outline" size="lg" loading={loadingMore}>
                      <Link to={catalogListUrl.href(filters, { page: filters.page + 1 }, pathname)} preventScrollReset>
                        Load more
                      </Link>
                    </Button>
                  </div>
                )}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

type BundleCardData = { id: string; slug: string; title: string; coverUrl: string | null; priceCents: number; courseTitles: string[] };

/** The published bundles (docs/decisions/062): a card each, linking to its page. */
function BundleCards({ bundles, currency }: { bundles: BundleCardData[]; currency: string }) {
  return (
    <section aria-labelledby="catalog-bundles" className="mt-8">
      <h2 id="catalog-bundles" className="text-xl font-semibold tracking-tight">
        Bundles
      </h2>
      <ul role="list" className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {bundles.map((bundle) => (
          <li key={bundle.id} className="grid gap-3 rounded-xl border bg-card p-4">
            <CourseImage src={bundle.coverUrl} alt="" className="aspect-video w-full rounded-lg object-cover" />
            <h3 className="font-semibold">
              <Link to={`/bundles/${bundle.slug}`} className="hover:underline">
                {bundle.title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">
              {bundle.courseTitles.length} courses: {bundle.courseTitles.join(", ")}
            </p>
            <p className="font-semibold">{formatMoney(bundle.priceCents, currency)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Whether two filter states show the same list, maybe a different length of it. */
function samePageOfResults(a: CatalogFilters, b: CatalogFilters) {
  return a.q === b.q && a.level === b.level && a.topic === b.topic && a.type === b.type && a.sort === b.sort && a.view === b.view;
}

function ResultsLayout({ view, children }: { view: CatalogFilters["view"]; children: ReactNode }) {
  return <div className={cn(view === "list" ? "flex flex-col gap-4" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3")}>{children}</div>;
}

/**
 * Search, level, topic and sort. It is a plain GET form, so it works before (or without)
 * JavaScript; once hydrated, typing filters after a pause and the sort applies on change,
 * both as client-side navigations so back and forward step through them.
 */
function CatalogControls({
  filters,
  pathname,
  topics,
}: {
  filters: CatalogFilters;
  pathname: string;
  topics: ReadonlyArray<{ name: string; slug: string }>;
}) {
  return (
    <div className="mt-8 flex flex-col gap-5">
      <ListSearchForm
        id="catalog"
        action={pathname}
        hidden={{
          level: filters.level,
          topic: filters.topic,
          type: filters.type,
          view: filters.view !== "grid" ? filters.view : undefined,
        }}
        searchLabel="Search courses"
        placeholder="Search by title or topic…"
        query={filters.q}
        selects={[
          { name: "sort", label: "Sort by", value: filters.sort, options: CATALOG_SORTS, applyOnChange: true, className: "md:w-60" },
        ]}
        delayMs={SEARCH_DEBOUNCE_MS}
        hrefFor={(fields) => catalogListUrl.hrefFromForm(filters, fields, pathname)}
      />

      <FilterPills
        label="Level"
        options={CATALOG_LEVEL_OPTIONS}
        current={filters.level}
        hrefFor={(value) => catalogListUrl.href(filters, { level: value }, pathname)}
      />
      <FilterPills
        label="Show"
        options={CATALOG_TYPE_OPTIONS}
        current={filters.type}
        hrefFor={(value) => catalogListUrl.href(filters, { type: value }, pathname)}
      />
      <FilterPills
        label="Topic"
        options={catalogTopicOptions(topics)}
        current={filters.topic}
        hrefFor={(value) => catalogListUrl.href(filters, { topic: value }, pathname)}
      />
    </div>
  );
}

function FilterPills({
  label,
  options,
  current,
  hrefFor,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  current: string | null;
  hrefFor: (value: string | null) => string;
}) {
  const id = `catalog-${label.toLowerCase()}-label`;
  const pills = [{ label: "All", value: null }, ...options];
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <span id={id} className="w-14 shrink-0 text-sm font-medium">
        {label}
      </span>
      <ul role="list" aria-labelledby={id} className="flex flex-wrap gap-2">
        {pills.map((pill) => {
          const active = pill.value === current;
          return (
            <li key={pill.label}>
              <FilterPill to={hrefFor(pill.value)} active={active} current="true">
                {pill.label}
              </FilterPill>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ViewLink({
  pathname,
  filters,
  view,
  label,
  icon,
}: {
  pathname: string;
  filters: CatalogFilters;
  view: CatalogFilters["view"];
  label: string;
  icon: ReactNode;
}) {
  const active = filters.view === view;
  return (
    <Link
      to={catalogListUrl.href(filters, { view, page: filters.page }, pathname)}
      preventScrollReset
      aria-label={label}
      title={label}
      aria-current={active ? "true" : undefined}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-md border transition-colors [&_svg]:size-4",
        active ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background text-foreground hover:bg-secondary",
      )}
    >
      {icon}
    </Link>
  );
}
