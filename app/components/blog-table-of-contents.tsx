import { useEffect, useId, useState } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/utils";

type TocHeading = { id: string; text: string; level: 2 | 3 };

/** How far below the top of the window a heading counts as the start of the section being read. */
const READING_LINE_PX = 120;

/**
 * Links to the article's h2/h3 headings; the section being read is marked with aria-current.
 * An IntersectionObserver tells when a heading crosses the reading line, so nothing runs per scroll event.
 */
export function BlogTableOfContents({ headings, className }: { headings: TocHeading[]; className?: string }) {
  const [currentId, setCurrentId] = useState<string | null>(headings[0]?.id ?? null);
  // Small screens show the list on demand, so it does not push the article down; wide ones always show it.
  const [open, setOpen] = useState(false);
  // Generated ids cannot clash with heading slugs from the post.
  const headingId = useId();
  const listId = useId();

  useEffect(() => {
    const elements = headings.map((heading) => document.getElementById(heading.id)).filter((element): element is HTMLElement => element !== null);
    if (elements.length === 0) return;
    const update = () => {
      // The current section is the last heading above the reading line (the first before any is).
      let current = elements[0];
      for (const element of elements) {
        if (element.getBoundingClientRect().top <= READING_LINE_PX + 1) current = element;
      }
      setCurrentId(current.id);
    };
    const observer = new IntersectionObserver(update, { rootMargin: `-${READING_LINE_PX}px 0px 0px 0px`, threshold: [0, 1] });
    for (const element of elements) observer.observe(element);
    update();
    return () => observer.disconnect();
  }, [headings]);

  if (headings.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className={cn("text-sm", className)}>
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-2 rounded-md py-1 text-left uppercase focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
        >
          On this page
          <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
        </button>
        <span className="hidden lg:inline">On this page</span>
      </h2>
      <ol id={listId} className={cn("mt-3 flex-col gap-1 border-l lg:flex", open ? "flex" : "hidden")}>
        {headings.map((heading) => {
          const current = heading.id === currentId;
          return (
            <li key={heading.id}>
              <a
                href={`#${heading.id}`}
                aria-current={current ? "location" : undefined}
                onClick={() => {
                  setCurrentId(heading.id);
                  setOpen(false);
                }}
                className={cn(
                  "-ml-px block border-l-2 py-1 pr-2 leading-snug transition-colors hover:text-foreground",
                  heading.level === 3 ? "pl-6" : "pl-3",
                  current ? "border-primary font-medium text-primary" : "border-transparent text-muted-foreground",
                )}
              >
                {heading.text}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
