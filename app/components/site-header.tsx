import { ChevronDown, Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { AccountLinks, SITE_NAV, type NavItem } from "~/components/site-nav";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { imageSrc } from "~/lib/image-url";
import { topicPlaceholder } from "~/lib/topics";
import { cn } from "~/lib/utils";
import { logoSrcSet } from "~/lib/image-variants";

export type HeaderCourse = { slug: string; title: string; subtitle: string; coverUrl: string | null; topic: string | null; level: string };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground",
    isActive && "text-foreground",
  );

/** The logo image, or the name as text if there is none or it cannot be loaded. */
function SiteLogo() {
  const { schoolName, logoUrl: storedLogo } = useSiteSettings();
  const logoUrl = imageSrc(storedLogo);
  // Remembered per URL, so a new logo saved in the settings gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // The image may fail before React attaches onError to the server-rendered tag.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) setFailedUrl(element.getAttribute("src"));
  }, []);
  const asText = !logoUrl || failedUrl === logoUrl;
  return (
    <Link to="/" className="flex shrink-0 items-center rounded-md" aria-label={asText ? undefined : `${schoolName} home`}>
      {asText ? (
        <span className="text-lg font-bold tracking-tight" data-testid="text-logo">
          {schoolName}
        </span>
      ) : (
        <img
          ref={image}
          src={logoUrl}
          srcSet={logoSrcSet(logoUrl)}
          alt={schoolName}
          width={160}
          height={32}
          className="h-8 w-40 object-contain object-left"
          onError={() => setFailedUrl(logoUrl)}
        />
      )}
    </Link>
  );
}

function MenuCourseCard({ course }: { course: HeaderCourse }) {
  const fallback = topicPlaceholder(course.topic ?? undefined);
  return (
    <Link
      to={`/courses/${course.slug}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card transition hover:border-primary hover:shadow-md"
    >
      <img
        src={imageSrc(course.coverUrl) ?? fallback}
        alt=""
        width={1200}
        height={675}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full object-cover"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
        }}
      />
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-sm font-semibold leading-snug group-hover:text-primary">{course.title}</span>
        <span className="text-xs text-muted-foreground">{course.level}</span>
      </span>
    </Link>
  );
}

/** Disclosure-style mega-menu: a button that shows a panel of course cards, for desktop widths. */
function CoursesMenu({ courses }: { courses: HeaderCourse[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function focusFirstLink() {
    requestAnimationFrame(() => wrapper.current?.querySelector<HTMLAnchorElement>(`[id="${panelId}"] a`)?.focus());
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    }
  }

  return (
    <div
      ref={wrapper}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground",
          "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
          (open || location.pathname.startsWith("/courses")) && "text-foreground",
        )}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            focusFirstLink();
          }
        }}
      >
        Courses
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div id={panelId} hidden={!open} className="absolute inset-x-0 top-full border-b bg-background shadow-lg">
        <div className="mx-auto max-w-7xl px-6 py-6">
          <div className="mb-4 flex items-baseline justify-between">
            <p className="text-sm font-semibold">Popular courses</p>
            <Link to="/courses" className="text-sm font-semibold text-primary hover:underline">
              View all courses
            </Link>
          </div>
          <ul className="grid grid-cols-5 gap-4">
            {courses.map((course) => (
              <li key={course.slug}>
                <MenuCourseCard course={course} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

const MobileDrawer = lazy(() => import("./site-mobile-drawer"));

/**
 * The mobile menu button. The drawer (a focus-trapped sheet) loads with the first press, so pages
 * do not carry the dialog code for visitors who never open it (issue 21).
 */
function MobileMenu({ courses, links }: { courses: HeaderCourse[]; links: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} courses={courses} links={links} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/** `links`: the header's list after the Courses menu, as the owner arranged it (the site's defaults otherwise). */
export function SiteHeader({ courses, links = SITE_NAV }: { courses: HeaderCourse[]; links?: NavItem[] }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="relative">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <SiteLogo />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            <CoursesMenu courses={courses} />
            {links.map((item) => (
              <NavLink key={item.to} to={item.to} className={navLinkClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 lg:flex">
            <AccountLinks />
          </div>
          <MobileMenu courses={courses} links={links} />
        </div>
      </div>
    </header>
  );
}
