import { Handshake } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/affiliates";
import { CommissionFields } from "~/components/affiliates/commission-fields";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowIntentButton, RowLink } from "~/components/admin/list/row-actions";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useAnswerToast } from "~/components/use-toast-once";
import { affiliateListUrl } from "~/lib/admin-list-urls";
import { AFFILIATE_COOKIE_DAYS, AFFILIATE_HOLD_DAYS, AFFILIATES_MAX_QUERY_LENGTH } from "~/lib/affiliates";
import { AFFILIATE_JOIN_POLICIES, AFFILIATE_JOIN_POLICY_LABELS, AFFILIATE_STATUS_LABELS, AFFILIATE_STATUSES } from "~/lib/domain-values";
import { adminMeta } from "~/lib/seo";
import { affiliatesAction, affiliatesLoader } from "./affiliates.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Affiliates");

export function loader({ request, context }: Route.LoaderArgs) {
  return affiliatesLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return affiliatesAction({ request, context });
}

type AffiliateRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<AffiliateRow>[] = [
  {
    header: "Affiliate",
    className: "max-w-[12rem] sm:max-w-xs",
    cell: (affiliate) => (
      <RowTitle to={`/admin/affiliates/${affiliate.id}`} title={affiliate.name || affiliate.email} detail={affiliate.code} />
    ),
  },
  { header: "Clicks", from: "md", align: "right", className: "tabular-nums", cell: (affiliate) => affiliate.clicks },
  { header: "Sign-ups", from: "lg", align: "right", className: "tabular-nums", cell: (affiliate) => affiliate.signups },
  { header: "Sales", from: "md", align: "right", className: "tabular-nums", cell: (affiliate) => affiliate.sales },
  { header: "Pending", from: "lg", align: "right", className: "tabular-nums whitespace-nowrap", cell: (affiliate) => affiliate.pending },
  { header: "Payable", from: "sm", align: "right", className: "tabular-nums whitespace-nowrap", cell: (affiliate) => affiliate.payable },
  { header: "Paid", from: "lg", align: "right", className: "tabular-nums whitespace-nowrap", cell: (affiliate) => affiliate.paid },
  {
    header: "Status",
    from: "sm",
    cell: (affiliate) => <Badge variant={affiliate.status === "approved" ? "success" : "secondary"}>{affiliate.statusLabel}</Badge>,
  },
];

const STATUS_OPTIONS = AFFILIATE_STATUSES.map((status) => ({ value: status, label: AFFILIATE_STATUS_LABELS[status] }));

type Answer = { errors?: Record<string, string[] | undefined>; values?: Record<string, string>; saved?: boolean } | undefined;

export default function AdminAffiliates({ loaderData, actionData }: Route.ComponentProps) {
  const { program, currency } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";
  const errors = answer?.errors ?? {};
  const values: Record<string, string> = answer?.values ?? {
    enabled: program.enabled ? "on" : "",
    joinPolicy: program.joinPolicy,
    commissionType: program.commissionType,
    commissionPercent: String(program.commissionPercent),
    commissionFixed: program.commissionFixed,
    cookieDays: String(program.cookieDays),
    holdDays: String(program.holdDays),
    membershipPayments: program.recurringCommissions ? "every" : "first",
  };

  return (
    <div className="grid gap-8">
      <AdminListPage
        title="Affiliates"
        noun={["affiliate", "affiliates"]}
        list={affiliateListUrl}
        data={loaderData}
        search={{
          id: "affiliate",
          label: "Search by code, name or e-mail",
          placeholder: "Search affiliates",
          maxLength: AFFILIATES_MAX_QUERY_LENGTH,
        }}
        filters={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS, phrase: "with the status" }]}
        focusSearchOnN
        headerActions={
          <Button asChild variant="outline">
            <Link to="/admin/affiliates/payouts">Payouts</Link>
          </Button>
        }
        columns={columns}
        rowKey={(affiliate) => affiliate.id}
        rowActions={(affiliate) => {
          const who = affiliate.name || affiliate.code;
          return (
            <RowActions>
              <RowLink to={`/admin/affiliates/${affiliate.id}`} label={`Open ${who}`}>
                Open
              </RowLink>
              {affiliate.status !== "approved" ? (
                <RowIntentButton intent="approve" fields={{ id: affiliate.id }} label={`Approve ${who}`} variant="secondary">
                  Approve
                </RowIntentButton>
              ) : (
                <RowIntentButton intent="pause" fields={{ id: affiliate.id }} label={`Pause ${who}`} variant="outline">
                  Pause
                </RowIntentButton>
              )}
            </RowActions>
          );
        }}
        empty={{
          icon: <Handshake />,
          none: "No affiliates yet.",
          noneDescription: "Turn the program on below; people join from their account page.",
          noMatches: "No affiliates found matching your search.",
        }}
      />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Affiliate program</h2>
          </CardTitle>
          <CardDescription>
            Partners share a link to any page; a purchase within the cookie period pays them a commission on what the buyer paid, after
            coupons and before tax. A commission becomes payable after the hold period, so refunds can come first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4" key={answer?.saved ? "saved" : "editing"}>
            <input type="hidden" name="intent" value="settings" />
            <div className="flex items-center gap-3">
              <input id="affiliate-enabled" type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} className="size-4" />
              <label htmlFor="affiliate-enabled" className="text-sm font-medium">
                The affiliate program is on
              </label>
            </div>
            <FormField label="Who may join" name="joinPolicy" error={errors.joinPolicy}>
              <NativeSelect defaultValue={values.joinPolicy ?? "approval"}>
                {AFFILIATE_JOIN_POLICIES.map((policy) => (
                  <option key={policy} value={policy}>
                    {AFFILIATE_JOIN_POLICY_LABELS[policy]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <CommissionFields values={values} errors={errors} currency={currency} />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Cookie period (days)"
                name="cookieDays"
                hint={`How long after a click a purchase still counts (${AFFILIATE_COOKIE_DAYS.min}–${AFFILIATE_COOKIE_DAYS.max})`}
                error={errors.cookieDays}
              >
                <Input inputMode="numeric" defaultValue={values.cookieDays ?? ""} />
              </FormField>
              <FormField
                label="Hold period (days)"
                name="holdDays"
                hint={`How long a commission waits before it can be paid (${AFFILIATE_HOLD_DAYS.min}–${AFFILIATE_HOLD_DAYS.max})`}
                error={errors.holdDays}
              >
                <Input inputMode="numeric" defaultValue={values.holdDays ?? ""} />
              </FormField>
            </div>
            <FormField
              label="Memberships pay a commission on"
              name="membershipPayments"
              hint="A member who came through an affiliate's link keeps paying: on each renewal too, or on the first payment only"
              error={errors.membershipPayments}
            >
              <NativeSelect defaultValue={values.membershipPayments ?? "every"}>
                <option value="every">Every payment</option>
                <option value="first">The first payment only</option>
              </NativeSelect>
            </FormField>
            <div>
              <Button type="submit" loading={saving}>
                Save the affiliate program
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
