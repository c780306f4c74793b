import { imageSrc } from "~/lib/image-url";

type ShownInstructor = { name: string; image: string | null; headline: string | null; bio: string | null };

/** The course author's card on the course page: photo (or initials), headline and bio. */
export function CourseInstructor({ instructor }: { instructor: ShownInstructor }) {
  const initials = instructor.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <section aria-labelledby="instructor-heading">
      <h2 id="instructor-heading" className="text-2xl font-bold tracking-tight">
        Your instructor
      </h2>
      <div className="mt-4 flex flex-col gap-5 rounded-lg border bg-card p-5 sm:flex-row">
        {imageSrc(instructor.image) ? (
          <img src={imageSrc(instructor.image)!} alt="" width={96} height={96} loading="lazy" className="size-24 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-secondary text-2xl font-semibold"
          >
            {initials}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="text-lg font-semibold">{instructor.name}</h3>
          {instructor.headline && <p className="text-sm font-medium text-primary">{instructor.headline}</p>}
          {instructor.bio && <p className="text-sm whitespace-pre-line text-muted-foreground">{instructor.bio}</p>}
        </div>
      </div>
    </section>
  );
}
