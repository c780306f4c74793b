import { CheckCircle2, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { Button } from "~/components/ui/button";
import { pageMeta, siteSettingsOf } from "~/lib/seo";
export { loader } from "./newsletter-confirm.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your subscription",
    description: `Confirm your ${siteSettingsOf(args).schoolName} playbooks subscription.`,
    path: "/newsletter/confirm",
    noIndex: true,
  });

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const confirmed = loaderData.status === "confirmed";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:px-6">
      {confirmed ? (
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
      ) : (
        <XCircle aria-hidden="true" className="size-12 text-destructive" />
      )}
      <h1 className="text-3xl font-bold tracking-tight">{confirmed ? "You're subscribed!" : "This link doesn't work"}</h1>
      <p className="text-muted-foreground">
        {confirmed
          ? `New playbooks will arrive at ${loaderData.email}. Every email has an unsubscribe link.`
          : "The confirmation link is invalid or was replaced by a newer one. Subscribe again and we'll send you a fresh link."}
      </p>
      <Button asChild>
        <Link to={confirmed ? "/playbooks" : "/newsletter"}>{confirmed ? "Browse playbooks" : "Subscribe again"}</Link>
      </Button>
    </section>
  );
}
