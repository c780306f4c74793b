import { Link } from "react-router";
import { ArrowLeft, ExternalLink, ListTree, Pencil, Settings2 } from "lucide-react";
import { cn } from "~/lib/utils";

const linkClass =
  "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground";

/**
 * The builder's own side menu (§2): back to the course list, the course's two sections, its
 * public page and full form. The admin's menu stays beside it (issue 38), for the rest of the back office.
 */
export function BuilderSideMenu({ course, tab }: { course: { id: string; slug: string; title: string }; tab: "details" | "curriculum" }) {
  const section = (name: "details" | "curriculum", label: string, Icon: typeof Settings2) => (
    <li>
      <Link
        to={`?tab=${name}`}
        replace
        preventScrollReset
        aria-current={tab === name ? "page" : undefined}
        className={cn(linkClass, tab === name && "bg-secondary text-foreground")}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Course builder" className="grid gap-4 md:sticky md:top-4">
      <Link to="/admin/courses" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Courses
      </Link>
      <div className="grid gap-1">
        <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">This course</p>
        <ul className="grid gap-1">
          {section("details", "Details", Settings2)}
          {section("curriculum", "Curriculum", ListTree)}
          <li>
            <Link to={`/admin/courses/${course.id}/edit`} className={linkClass}>
              <Pencil aria-hidden="true" className="size-4" /> Edit course
            </Link>
          </li>
          <li>
            <Link to={`/courses/${course.slug}`} className={linkClass}>
              <ExternalLink aria-hidden="true" className="size-4" /> View course page
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}
