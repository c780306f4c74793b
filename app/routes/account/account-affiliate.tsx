import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account-affiliate";
import { AffiliateActivity } from "~/components/affiliates/affiliate-activity";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useAnswerToast } from "~/components/use-toast-once";
import { AFFILIATE_CODE_MAX, PAYOUT_DETAILS_MAX } from "~/lib/affiliates";
import { pageMeta } from "~/lib/seo";
import { useState } from "react";
import { accountAffiliateAction, accountAffiliateLoader } from "./account-affiliate.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Affiliate program",
    description: "Your affiliate link and commissions.",
    path: "/account/affiliate",
    noIndex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return accountAffiliateLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAffiliateAction({ request, context });
}

type Answer = { errors?: Record<string, string[] | undefined>; values?: Record<string, string> } | undefined;

export default function AccountAffiliate({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <Link to="/account" className="text-sm text-muted-foreground underline">
          Back to your account
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Affiliate program</h1>
      </div>
      {loaderData.affiliate ? (
        <AffiliateDashboard data={loaderData} errors={errors} values={values} saving={busy("payoutDetails")} />
      ) : loaderData.joining.open ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Join the affiliate program</h2>
            </CardTitle>
            <CardDescription>
              Share a link to any page of the school and earn a commission on purchases made through it.
              {loaderData.joining.needsApproval ? " The school approves each affiliate first." : ""}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid max-w-md gap-4">
              <input type="hidden" name="intent" value="join" />
              <FormField
                label="Your code (optional)"
                name="code"
                hint="Letters, digits and hyphens; leave empty and we make one from your name"
                error={errors.code}
              >
                <Input defaultValue={values.code ?? ""} maxLength={AFFILIATE_CODE_MAX} autoComplete="off" />
              </FormField>
              <div>
                <Button type="submit" loading={busy("join")}>
                  Join the affiliate program
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <p className="text-muted-foreground">The affiliate program is not open to new affiliates.</p>
      )}
    </div>
  );
}

type Dashboard = Extract<Route.ComponentProps["loaderData"], { figures: unknown }>;

function AffiliateDashboard({
  data,
  errors,
  values,
  saving,
}: {
  data: Dashboard;
  errors: Record<string, string[] | undefined>;
  values: Record<string, string>;
  saving: boolean;
}) {
  const { affiliate, figures, commissions, payouts } = data;
  const [courseId, setCourseId] = useState(affiliate.courseLinks[0]?.id ?? "");
  const courseLink = affiliate.courseLinks.find((course) => course.id === courseId);
  if (affiliate.status === "pending") {
    return (
      <p>
        <Badge variant="secondary">Pending approval</Badge> Your request to join uses the code{" "}
        <span className="font-mono">{affiliate.code}</span>. You will find your link here once the school approves it.
      </p>
    );
  }
  return (
    <div className="grid gap-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Your link</h2>
          </CardTitle>
          <CardDescription>
            Status: {affiliate.statusLabel}. Add <span className="font-mono">?ref={affiliate.code}</span> to any page&apos;s address. A
            purchase within {affiliate.cookieDays} days of a click on your link earns your commission.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Your link to the home page">
            <Input readOnly value={affiliate.link} />
          </FormField>
          <FormField label="Your short link">
            <Input readOnly value={affiliate.shortLink} />
          </FormField>
          {affiliate.courseLinks.length > 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Link to a course">
                <NativeSelect value={courseId} onChange={(event) => setCourseId(event.target.value)}>
                  {affiliate.courseLinks.map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label="Your course link">
                <Input readOnly value={courseLink?.link ?? ""} />
              </FormField>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <AffiliateActivity figures={figures} commissions={commissions} payouts={payouts} />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>How you want to be paid</h2>
          </CardTitle>
          <CardDescription>Your PayPal address, or your bank account details. Only you and the school see them.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="payoutDetails" />
            <FormField label="Payout details" name="payoutDetails" error={errors.payoutDetails}>
              <Textarea defaultValue={values.payoutDetails ?? affiliate.payoutDetails} maxLength={PAYOUT_DETAILS_MAX} rows={3} />
            </FormField>
            <div>
              <Button type="submit" loading={saving}>
                Save payout details
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
