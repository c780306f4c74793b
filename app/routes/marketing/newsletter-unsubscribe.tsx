import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta, siteSettingsOf } from "~/lib/seo";

export { loader, action } from "./newsletter-unsubscribe.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Unsubscribe",
    description: `Stop receiving ${siteSettingsOf(args).schoolName} playbooks.`,
    path: "/newsletter/unsubscribe",
    noIndex: true,
  });

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { schoolName } = useSiteSettings();
  const done = actionData?.status === "unsubscribed" || loaderData.alreadyUnsubscribed;
  const invalid = !loaderData.token || actionData?.status === "invalid";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:px-6">
      {done ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
          <h1 className="text-3xl font-bold tracking-tight">You've been unsubscribed</h1>
          <p className="text-muted-foreground">
            We won't send any more playbooks to {loaderData.email}. Changed your mind? You can subscribe again at any time.
          </p>
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
        </>
      ) : invalid ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This link doesn't work</h1>
          <p className="text-muted-foreground">
            The unsubscribe link is invalid or was replaced by a newer one. Use the link in the most recent email from us.
          </p>
          <Button asChild variant="outline">
            <Link to="/contact">Contact support</Link>
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Unsubscribe from playbooks?</h1>
          <p className="text-muted-foreground">
            {loaderData.email} will stop receiving new playbooks from {schoolName}.
          </p>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <Button type="submit" variant="destructive" loading={navigation.state === "submitting"}>
              Unsubscribe
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
