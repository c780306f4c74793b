import { Skeleton } from "~/components/ui/skeleton";

/** The course page's layout while a client-side navigation to it loads. */
export function CourseDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="course-detail-skeleton">
      <span className="sr-only">Loading course…</span>
      <section className="bg-hero">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_22rem] lg:py-16">
          <div className="flex flex-col gap-4">
            <Skeleton className="h-4 w-40 bg-white/15" />
            <Skeleton className="h-10 w-3/4 bg-white/15" />
            <Skeleton className="h-5 w-full bg-white/15" />
            <Skeleton className="h-5 w-2/3 bg-white/15" />
            <div className="flex gap-3">
              <Skeleton className="h-6 w-24 bg-white/15" />
              <Skeleton className="h-6 w-24 bg-white/15" />
              <Skeleton className="h-6 w-24 bg-white/15" />
            </div>
          </div>
          <div className="rounded-xl border bg-card p-5">
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="mt-5 h-8 w-28" />
            <Skeleton className="mt-4 h-11 w-full" />
            <Skeleton className="mt-3 h-11 w-full" />
          </div>
        </div>
      </section>
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-full max-w-3xl" />
        <Skeleton className="h-4 w-full max-w-3xl" />
        <Skeleton className="h-4 w-2/3 max-w-3xl" />
        <Skeleton className="mt-6 h-7 w-40" />
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full max-w-3xl" />
        ))}
      </div>
    </div>
  );
}
