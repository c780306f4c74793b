import { Check, Minus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useSiteSettings } from "~/components/use-site-settings";
import { membershipOffer, sentenceCase, type MembershipOffer } from "~/lib/site-settings";
import { cn } from "~/lib/utils";
import type { ComparisonRow } from "~/lib/page-sections";

/** Checkout (another area) reads the plan from `?plan=`. */
const PLAN_LINKS = { monthly: "/checkout?plan=monthly", yearly: "/checkout?plan=yearly" } as const;

type Plan = {
  id: string;
  name: string;
  price: string;
  period: string;
  note: string;
  description: string;
  features: string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
};

/** The offers of spec §1 and §9, at the prices of the site settings. */
function plansFor(offer: MembershipOffer): Plan[] {
  return [
    {
      id: "course",
      name: "Individual course",
      price: offer.coursePrice,
      period: "one-time",
      note: "Sample course price",
      description: "Buy the one course you need right now and keep it for good.",
      features: [
        "Lifetime access to that course",
        "All course files and templates",
        "Practical exercises",
        "Email support within 24-48 hours",
      ],
      cta: { label: "Browse courses", to: "/courses" },
    },
    {
      id: "monthly",
      name: "All-access monthly",
      price: offer.monthlyPrice,
      period: "per month",
      note: "Cancel anytime",
      description: "Every course, playbook and live session while you're a member.",
      features: [
        "All courses, including new releases",
        "All files, templates and playbooks",
        "Weekly live Q&A",
        "Priority support",
        "Early access to new courses",
      ],
      cta: { label: "Start monthly membership", to: PLAN_LINKS.monthly },
      highlighted: true,
    },
    {
      id: "yearly",
      name: "All-access yearly",
      price: offer.yearlyPrice,
      period: "per year",
      note: offer.yearlyDeal ? sentenceCase(offer.yearlyDeal) : "One payment a year",
      description: offer.yearlyPaidMonths
        ? `The full membership for a year, at the price of ${offer.yearlyPaidMonths} months.`
        : "The full membership for a year, in one payment.",
      features: [
        "Everything in monthly",
        ...(offer.yearlyDeal ? [`${sentenceCase(offer.yearlyDeal)} compared with monthly`] : []),
        "One payment, one invoice a year",
      ],
      cta: { label: "Start yearly membership", to: PLAN_LINKS.yearly },
    },
  ];
}

export function PlanCards({ headingLevel = "h3" }: { headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const plans = plansFor(membershipOffer(useSiteSettings()));
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={cn(
            "relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
            plan.highlighted && "border-primary ring-2 ring-primary",
          )}
        >
          {plan.highlighted ? (
            <Badge className="absolute -top-3 left-6" variant="default">
              Most popular
            </Badge>
          ) : null}
          <Heading className="text-lg font-semibold">{plan.name}</Heading>
          <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
            <span className="text-sm text-muted-foreground">{plan.period}</span>
          </p>
          <p className="mt-1 text-sm font-medium text-accent-foreground">{plan.note}</p>
          <ul className="mt-6 flex-1 space-y-3 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-8 w-full" variant={plan.highlighted ? "default" : "outline"} size="lg">
            <Link to={plan.cta.to}>{plan.cta.label}</Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Included({ value }: { value: boolean }) {
  return value ? (
    <span className="inline-flex items-center gap-1.5 text-success">
      <Check aria-hidden="true" className="size-5" />
      <span className="sr-only">Included</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground">
      <Minus aria-hidden="true" className="size-5" />
      <span className="sr-only">Not included</span>
    </span>
  );
}

/** The feature comparison of spec §9: what each offer includes, as the owner wrote it in the pricing section. */
export function ComparisonTable({ rows }: { rows: ComparisonRow[] }) {
  return (
    // Wraps instead of scrolling sideways: a scrolling table region would need its own tab stop.
    <Table className="table-fixed">
      <caption className="sr-only">What individual courses and the all-access membership include</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="whitespace-normal">
            Feature
          </TableHead>
          <TableHead scope="col" className="h-auto py-2 text-center whitespace-normal">
            Individual courses
          </TableHead>
          <TableHead scope="col" className="h-auto py-2 text-center whitespace-normal">
            All-access membership
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            <TableHead scope="row" className="h-auto py-3 font-medium whitespace-normal text-foreground">
              {row.feature}
            </TableHead>
            <TableCell className="text-center">
              <Included value={row.course} />
            </TableCell>
            <TableCell className="text-center">
              <Included value={row.membership} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
