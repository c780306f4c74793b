import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/newsletter-form";
import { pageMeta } from "~/lib/seo";
import { newsletterAction } from "./newsletter.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Playbooks",
    description:
      "Practical playbooks on Shopify, AI and automation in your inbox about twice a month. Confirm by email, unsubscribe with one click.",
    path: "/newsletter",
  });

/** Every newsletter form on the site posts here (see newsletter.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return newsletterAction({ request, context });
}

export default function Newsletter() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Get Playbooks</h1>
      <p className="mt-4 text-muted-foreground">
        Step-by-step playbooks on Shopify, AI prompting and automation, about twice a month. We send a confirmation link first, and every
        email has a one-click unsubscribe link.
      </p>
      <NewsletterForm formId="page" className="mt-8" />
    </section>
  );
}
