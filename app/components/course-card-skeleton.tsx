import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

/** The shape of a CourseCard while results load. */
export function CourseCardSkeleton({ variant = "grid" }: { variant?: "grid" | "list" }) {
  const list = variant === "list";
  return (
    <div data-testid="course-card-skeleton" className={cn("flex flex-col overflow-hidden rounded-xl border bg-card", list && "sm:flex-row")}>
      <Skeleton className={cn("aspect-video w-full rounded-none", list && "sm:aspect-auto sm:min-h-40 sm:w-56 md:w-72")} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="mt-2 flex justify-between border-t pt-4">
          <Skeleton className="h-6 w-20" />
          <Skeleton className="h-5 w-24" />
        </div>
      </div>
    </div>
  );
}
