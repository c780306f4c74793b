import type { RefObject } from "react";
import { NavLink } from "react-router";
import type { HeaderCourse } from "~/components/site-header";
import { AccountLinks, type NavItem } from "~/components/site-nav";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";

const drawerLink = "block rounded-md px-3 py-2 text-base font-medium hover:bg-secondary aria-[current=page]:bg-secondary";

/** The mobile drawer: the same links as the desktop header, in a focus-trapped sheet. Loaded with the first press of the menu button. */
export default function SiteMobileDrawer({
  open,
  onOpenChange,
  courses,
  links,
  returnFocusTo,
}: {
  links: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courses: HeaderCourse[];
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-80 max-w-[85vw]"
        // The menu button is outside the sheet (it loads the sheet), so focus goes back to it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
          <NavLink to="/courses" end className={drawerLink}>
            Courses
          </NavLink>
          <ul aria-label="Popular courses" className="mb-2 ml-3 border-l pl-2">
            {courses.map((course) => (
              <li key={course.slug}>
                <NavLink
                  to={`/courses/${course.slug}`}
                  className="block rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-secondary hover:text-foreground"
                >
                  {course.title}
                </NavLink>
              </li>
            ))}
          </ul>
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} className={drawerLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t p-4">
          <AccountLinks stacked />
        </div>
      </SheetContent>
    </Sheet>
  );
}
