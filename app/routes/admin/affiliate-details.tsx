import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/affiliate-details";
import { AffiliateActivity } from "~/components/affiliates/affiliate-activity";
import { CommissionFields } from "~/components/affiliates/commission-fields";
import { AdminError } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useAnswerToast } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { affiliateDetailsAction, affiliateDetailsLoader } from "./affiliate-details.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Affiliate");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return affiliateDetailsLoader({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return affiliateDetailsAction({ request, context, params });
}

type Answer = { errors?: Record<string, string[] | undefined>; values?: Record<string, string>; saved?: boolean } | undefined;

export default function AdminAffiliateDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { affiliate, figures, courses, commissions, payouts, currency } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const who = affiliate.name || affiliate.email;
  const errors = answer?.errors ?? {};
  const values: Record<string, string> = answer?.values ?? affiliate.terms;
  const restricted = new Set(answer?.values ? (answer.values.courseIds ?? "").split(",") : affiliate.courseIds);

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <Link to="/admin/affiliates" className="text-sm text-muted-foreground underline">
          Back to affiliates
        </Link>
        <h1 className="text-2xl font-semibold">{who}</h1>
        <p className="text-sm text-muted-foreground">
          Code <span className="font-mono">{affiliate.code}</span> · {affiliate.email} · joined {affiliate.joined}{" "}
          <Badge variant={affiliate.status === "approved" ? "success" : "secondary"}>{affiliate.statusLabel}</Badge>
        </p>
        <div className="flex flex-wrap gap-2">
          {affiliate.status !== "approved" ? (
            <Form method="post">
              <Button type="submit" name="intent" value="approve" loading={busy("approve")} aria-label={`Approve ${who}`}>
                Approve
              </Button>
            </Form>
          ) : null}
          {affiliate.status === "approved" ? (
            <Form method="post">
              <Button type="submit" name="intent" value="pause" variant="outline" loading={busy("pause")} aria-label={`Pause ${who}`}>
                Pause
              </Button>
            </Form>
          ) : null}
          {affiliate.status !== "removed" ? (
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="remove"
                variant="destructive"
                loading={busy("remove")}
                aria-label={`Remove ${who}`}
              >
                Remove
              </Button>
            </Form>
          ) : null}
        </div>
      </div>

      <AffiliateActivity figures={figures} commissions={commissions} payouts={payouts} />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Terms</h2>
          </CardTitle>
          <CardDescription>
            A commission of their own replaces the program&apos;s. Choosing courses limits their link to those courses.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4" key={answer?.saved ? "saved" : "editing"}>
            <input type="hidden" name="intent" value="terms" />
            <div className="flex items-center gap-3">
              <input
                id="own-commission"
                type="checkbox"
                name="ownCommission"
                defaultChecked={values.ownCommission === "on"}
                className="size-4"
              />
              <label htmlFor="own-commission" className="text-sm font-medium">
                Their own commission
              </label>
            </div>
            <CommissionFields values={values} errors={errors} currency={currency} />
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Only these courses (none ticked: every course and the membership)</legend>
              {courses.map((course) => (
                <label key={course.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="courseIds" value={course.id} defaultChecked={restricted.has(course.id)} className="size-4" />
                  {course.title}
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="submit" loading={busy("terms")}>
                Save {who}&apos;s terms
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>How they want to be paid</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm whitespace-pre-wrap">{affiliate.payoutDetails || "Not given yet."}</p>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
