import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useBuilderAction } from "./use-builder-action";

type Instructor = { userId: string; name: string; email: string };

/**
 * The course's instructors (docs/decisions/057): added by e-mail address, each with a Remove
 * button. They answer and moderate this course's discussions, as staff, and no other course's.
 */
export function CourseInstructorsCard({ instructors }: { instructors: Instructor[] }) {
  const add = useBuilderAction();
  const remove = useBuilderAction();
  return (
    <section aria-labelledby="course-instructors-heading" className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="course-instructors-heading" className="text-lg font-semibold">
          Instructors
        </h2>
        <p className="text-sm text-muted-foreground">
          Instructors answer this course's discussions with a staff badge, mark questions answered and remove posts, in this course only.
        </p>
      </div>
      {instructors.length === 0 ? (
        <p className="text-sm text-muted-foreground">No instructors yet.</p>
      ) : (
        <ul className="grid gap-2">
          {instructors.map((instructor) => (
            <li key={instructor.userId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
              <span>
                {instructor.name} <span className="text-sm text-muted-foreground">{instructor.email}</span>
              </span>
              <remove.fetcher.Form method="post">
                <input type="hidden" name="intent" value="remove-instructor" />
                <input type="hidden" name="userId" value={instructor.userId} />
                <Button type="submit" variant="outline" size="sm" disabled={remove.busy}>
                  Remove {instructor.name} as instructor
                </Button>
              </remove.fetcher.Form>
            </li>
          ))}
        </ul>
      )}
      <add.fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-3" key={instructors.length}>
        <input type="hidden" name="intent" value="add-instructor" />
        <FormField className="min-w-64 flex-1" label="Instructor's e-mail address" name="email" error={add.errors.email}>
          <Input type="email" autoComplete="off" required defaultValue={add.errors.email ? (add.fetcher.data?.values?.email ?? "") : ""} />
        </FormField>
        <Button type="submit" disabled={add.busy}>
          Add instructor
        </Button>
      </add.fetcher.Form>
    </section>
  );
}
