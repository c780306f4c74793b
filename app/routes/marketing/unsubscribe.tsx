import { CheckCircle2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { pageMeta } from "~/lib/seo";
import { isValidUnsubscribeToken, listOptedOut, optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { maskEmail } from "~/server/marketing/newsletter.server";
import { isDiscussionMailStopped, stopDiscussionMailFor } from "~/server/discussions/discussion-mail.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Unsubscribe", description: "Stop course update e-mails.", path: "/unsubscribe", noIndex: true });

/** The address of the link and which mail it stops, or null when address and token do not belong together. */
function linkOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  const list = params.get("list") === "discussions" ? "discussions" : "marketing";
  return email && token && isValidUnsubscribeToken(email, token, list) ? { email, list } : null;
}

/**
 * /unsubscribe?email=…&token=…, the link in every marketing message (drip notices, announcements).
 * Opening it only asks (mail scanners fetch links); the button posts. A mail client's one-click
 * POST (RFC 8058, body `List-Unsubscribe=One-Click`) goes to the same address and unsubscribes at
 * once. Receipts and account mail are never stopped.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = linkOf(request);
  if (!link) return { email: null, done: false, list: "marketing" as const };
  // The discussion list (issue 42) is the account's own setting; marketing mail is by address.
  const done = link.list === "discussions" ? await isDiscussionMailStopped({ email: link.email }) : (await listOptedOut([link.email])).size > 0;
  return { email: maskEmail(link.email), done, list: link.list };
}

export async function action({ request }: Route.ActionArgs) {
  const link = linkOf(request);
  if (!link) return data({ unsubscribed: false }, { status: 400 });
  if (link.list === "discussions") await stopDiscussionMailFor({ email: link.email });
  else await optOutOfMarketingMail(link.email);
  return { unsubscribed: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { schoolName } = useSiteSettings();
  const done = actionData?.unsubscribed || loaderData.done;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:px-6">
      {!loaderData.email ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This link doesn't work</h1>
          <p className="text-muted-foreground">The unsubscribe link is incomplete or was changed. Use the link in the most recent email from us.</p>
        </>
      ) : done ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
          <h1 className="text-3xl font-bold tracking-tight">You've been unsubscribed</h1>
          <p className="text-muted-foreground">
            {loaderData.list === "discussions"
              ? `${schoolName} won't send discussion e-mails to ${loaderData.email} any more. You can turn them back on from your account page.`
              : `${schoolName} won't send course updates to ${loaderData.email} any more. Receipts and account e-mails still arrive.`}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{loaderData.list === "discussions" ? "Stop discussion e-mails?" : "Stop course updates?"}</h1>
          <p className="text-muted-foreground">
            {loaderData.list === "discussions"
              ? `${schoolName} will stop e-mailing ${loaderData.email} about replies in discussions. The bell on the site still shows them.`
              : `${schoolName} will stop sending course updates, such as new lessons opening, to ${loaderData.email}. Receipts and account e-mails still arrive.`}
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
