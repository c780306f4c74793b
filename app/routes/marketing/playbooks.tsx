import { BookOpen, Clock, Eye, SearchX } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/playbooks";
import { CategoryPills, FilterResults, SearchSortForm } from "~/components/marketing-filters";
import { PLAYBOOK_SORT_LABELS } from "~/lib/marketing-filters";
import { PageHero } from "~/components/marketing-page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { imageSrc } from "~/lib/image-url";
import { formatMoney } from "~/lib/money";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta } from "~/lib/seo";
import type { PlaybookCard } from "~/server/marketing/marketing.server";
export { loader } from "./playbooks.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Playbooks",
    description:
      "Step-by-step playbooks for Shopify, AI / ChatGPT, automation and execution: checklists, templates and prompt packs you can use this week.",
    path: "/playbooks",
  });

const priceLabel = (priceCents: number | null, currency: string) => (priceCents === null ? "Included in membership" : formatMoney(priceCents, currency));
const courseHref = (playbook: Pick<PlaybookCard, "courseSlug">) => (playbook.courseSlug ? `/courses/${playbook.courseSlug}` : "/courses");

/** The preview dialog loads with the first Preview press, so the page does not carry dialog code for visitors who never open one (issue 21). */
const PlaybookPreview = lazy(() => import("~/components/playbook-preview"));

export default function Playbooks({ loaderData }: Route.ComponentProps) {
  const { filters, playbooks } = loaderData;
  const { currency } = useSiteSettings();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const preview = playbooks.find((playbook) => playbook.id === previewId) ?? null;
  const filtered = Boolean(filters.category || filters.q || filters.sort !== "newest");

  return (
    <>
      <PageHero eyebrow="Playbooks" title="Playbooks for the jobs that come up every week">
        <p>Checklists, templates and prompt packs you can put to work today. Each one belongs with a course, and members get them all.</p>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6">
          <CategoryPills label="Playbook categories" filters={filters} pathname="/playbooks" />
          <SearchSortForm
            filters={filters}
            sortOptions={PLAYBOOK_SORT_LABELS}
            searchLabel="Search playbooks"
            searchPlaceholder="Search by title or topic"
          />
        </div>
        <FilterResults
          count={playbooks.length}
          noun={["playbook", "playbooks"]}
          pathname="/playbooks"
          emptyIcon={<SearchX />}
          emptyTitle="No playbooks match your filters. Try clearing one or more filters."
        >
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Playbooks">
            {playbooks.map((playbook, index) => (
              <li key={playbook.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md">
                  <img
                    src={imageSrc(playbook.imageUrl) ?? "/images/placeholders/default.webp"}
                    alt=""
                    width={800}
                    height={500}
                    loading={index < 3 ? "eager" : "lazy"}
                    decoding="async"
                    className="aspect-[8/5] w-full object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-3 p-5">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="secondary">{playbook.category}</Badge>
                      <span className="text-xs text-muted-foreground">{playbook.level}</span>
                    </div>
                    <h2 className="text-lg font-semibold leading-snug">
                      <Link to={courseHref(playbook)} className="hover:text-primary hover:underline">
                        {playbook.title}
                      </Link>
                    </h2>
                    <p className="line-clamp-3 text-sm text-muted-foreground">{playbook.description}</p>
                    <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                      <li className="flex items-center gap-1">
                        <Clock aria-hidden="true" className="size-3.5" />
                        {playbook.duration}
                      </li>
                      {playbook.courseTitle ? (
                        <li className="flex items-center gap-1">
                          <BookOpen aria-hidden="true" className="size-3.5" />
                          {playbook.courseTitle}
                        </li>
                      ) : null}
                    </ul>
                    <div className="flex items-center justify-between gap-3 border-t pt-4">
                      <span className={playbook.priceCents === null ? "text-sm font-semibold text-primary" : "text-lg font-bold"}>
                        {priceLabel(playbook.priceCents, currency)}
                      </span>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setPreviewId(playbook.id);
                          setPreviewOpen(true);
                        }}
                        aria-label={`Preview ${playbook.title}`}
                      >
                        <Eye aria-hidden="true" />
                        Preview
                      </Button>
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </FilterResults>
        {filtered && playbooks.length > 0 ? (
          <p className="mt-8 text-sm">
            <Link to="/playbooks" preventScrollReset className="font-semibold text-primary hover:underline">
              Clear filters
            </Link>
          </p>
        ) : null}
      </div>
      {preview ? (
        <Suspense fallback={null}>
          <PlaybookPreview
            playbook={preview}
            price={priceLabel(preview.priceCents, currency)}
            courseHref={courseHref(preview)}
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
            returnFocusTo={() => opener.current}
          />
        </Suspense>
      ) : null}
    </>
  );
}
