import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/newsletter-form";
import { safeNextPath } from "~/lib/safe-next";
import { pageMeta } from "~/lib/seo";
import { newsletterFormSchema, subscribeToNewsletter } from "~/server/marketing/newsletter.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Playbooks",
    description:
      "Practical playbooks on Shopify, AI and automation in your inbox about twice a month. Confirm by email, unsubscribe with one click.",
    path: "/newsletter",
  });

/**
 * Every newsletter form posts here. A fetcher (JavaScript on) gets the result as data; a plain
 * form post is sent back to the page it came from with the result in `?newsletter=`.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const formId = /^[a-z-]{1,20}$/.test(String(form.get("formId"))) ? String(form.get("formId")) : "page";
  const parsed = newsletterFormSchema.safeParse({ email: form.get("email") });
  if (parsed.success) await subscribeToNewsletter({ email: parsed.data.email });
  const status = parsed.success ? "sent" : "invalid";

  if (form.get("mode") === "fetcher") return data({ status }, { status: parsed.success ? 200 : 400 });

  const back = new URL(safeNextPath(String(form.get("redirectTo") ?? ""), "/newsletter"), "http://local.invalid");
  back.searchParams.set("newsletter", `${formId}.${status}`);
  return redirect(`${back.pathname}${back.search}#newsletter-${formId}`, 303);
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
