import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta } from "~/lib/seo";
export { loader, action } from "./unsubscribe.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Unsubscribe", description: "Stop course update e-mails.", path: "/unsubscribe", noIndex: true });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { schoolName } = useSiteSettings();
  const done = actionData?.unsubscribed || loaderData.done;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:px-6">
      {!loaderData.email ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This link doesn't work</h1>
          <p className="text-muted-foreground">
            The unsubscribe link is incomplete or was changed. Use the link in the most recent email from us.
          </p>
        </>
      ) : done ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
          <h1 className="text-3xl font-bold tracking-tight">You've been unsubscribed</h1>
          <p className="text-muted-foreground">
            {schoolName} won't send course updates to {loaderData.email} any more. Receipts and account e-mails still arrive.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Stop course updates?</h1>
          <p className="text-muted-foreground">
            {schoolName} will stop sending course updates, such as new lessons opening, to {loaderData.email}. Receipts and account e-mails
            still arrive.
          </p>
          <Form method="post">
            <Button type="submit" loading={navigation.state === "submitting"}>
              Unsubscribe
            </Button>
          </Form>
        </>
      )}
      <Button asChild variant="outline">
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
