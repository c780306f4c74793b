import { Bot, Rocket, ShoppingBag, Target, Workflow } from "lucide-react";

/** The five-pillar framework (home and about pages). */
export const PILLARS = [
  {
    name: "Shopify",
    icon: ShoppingBag,
    summary: "A store that is simple to run: the right theme, clear product pages, honest pricing and a checkout you've tested yourself.",
  },
  {
    name: "ChatGPT",
    icon: Bot,
    summary: "Prompts and custom GPTs that draft product copy, support replies and campaigns in your brand voice, checked by a human.",
  },
  {
    name: "Automation",
    icon: Workflow,
    summary: "n8n workflows that move orders, alerts and reports between your tools, so the same task never needs doing twice.",
  },
  {
    name: "Launch",
    icon: Rocket,
    summary:
      "A launch sequence you can repeat for every store, collection or product, with a pre-launch checklist and a first-orders plan.",
  },
  {
    name: "Execution",
    icon: Target,
    summary: "A weekly review of five numbers and one priority, so the work that matters ships every single week.",
  },
] as const;

export function FrameworkGrid({ headingLevel = "h3" }: { headingLevel?: "h3" | "h4" }) {
  const Heading = headingLevel;
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {PILLARS.map((pillar, index) => (
        <li key={pillar.name} className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
          <span className="flex items-center justify-between">
            <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <pillar.icon className="size-5" />
            </span>
            <span className="text-sm font-semibold text-muted-foreground">
              <span className="sr-only">Pillar </span>
              {index + 1}
            </span>
          </span>
          <Heading className="text-lg font-semibold">{pillar.name}</Heading>
          <p className="text-sm text-muted-foreground">{pillar.summary}</p>
        </li>
      ))}
    </ol>
  );
}
