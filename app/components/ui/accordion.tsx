import { createContext, useContext, useId, useState, type ComponentProps, type ReactNode } from "react";
import { ChevronDown } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * Questions that open one at a time (the home page's FAQ): each question is a button in a heading
 * with `aria-expanded`, and its answer a labelled region, as in the WAI-ARIA accordion pattern.
 * Written here rather than taken from Radix: it is a button and a state, and the public pages'
 * JavaScript budget has no room for Radix's collection and presence code (issue 21).
 */
type AccordionState = { open: string | null; toggle: (value: string) => void };
const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; triggerId: string; contentId: string } | null>(null);

function useAccordionItem() {
  const accordion = useContext(AccordionContext);
  const item = useContext(ItemContext);
  if (!accordion || !item) throw new Error("Accordion parts belong inside an AccordionItem inside an Accordion.");
  return { ...item, open: accordion.open === item.value, toggle: () => accordion.toggle(item.value) };
}

function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  // Pressing the open question again closes it.
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext.Provider value={{ open, toggle }}>
      <div data-slot="accordion" className={className}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

function AccordionItem({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const id = useId();
  const accordion = useContext(AccordionContext);
  return (
    <ItemContext.Provider value={{ value, triggerId: `${id}-trigger`, contentId: `${id}-content` }}>
      <div
        data-slot="accordion-item"
        data-state={accordion?.open === value ? "open" : "closed"}
        className={cn("border-b border-border last:border-b-0", className)}
        {...props}
      />
    </ItemContext.Provider>
  );
}

function AccordionTrigger({ className, children, ...props }: Omit<ComponentProps<"button">, "onClick" | "type">) {
  const { open, toggle, triggerId, contentId } = useAccordionItem();
  return (
    <h3 className="flex">
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={contentId}
        data-slot="accordion-trigger"
        data-state={open ? "open" : "closed"}
        onClick={toggle}
        className={cn(
          "flex flex-1 items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:underline",
          "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          "disabled:pointer-events-none disabled:opacity-60 [&[data-state=open]>svg]:rotate-180",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform duration-200" />
      </button>
    </h3>
  );
}

/**
 * Always rendered and hidden with CSS while closed, so every answer is in the server-rendered
 * HTML (search engines index the FAQ).
 */
function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const { open, triggerId, contentId } = useAccordionItem();
  return (
    <div
      id={contentId}
      role="region"
      aria-labelledby={triggerId}
      data-slot="accordion-content"
      data-state={open ? "open" : "closed"}
      className="overflow-hidden text-sm data-[state=closed]:hidden"
    >
      <div className={cn("pb-4 text-muted-foreground", className)}>{children}</div>
    </div>
  );
}

export { Accordion, AccordionContent, AccordionItem, AccordionTrigger };
