import { Percent } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/tax";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { DeleteRowButton, RowActions } from "~/components/admin/list/row-actions";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useAnswerToast } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { TAX_COUNTRIES, TAX_COUNTRY_CODES, TAX_MESSAGES } from "~/lib/tax";
import { taxRateList } from "~/lib/tax-forms";
import { taxAction, taxLoader } from "./tax.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Tax");

export function loader({ request, context }: Route.LoaderArgs) {
  return taxLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return taxAction({ request, context });
}

type RateRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<RateRow>[] = [
  { header: "Country", cell: (rate) => <span className="font-medium">{rate.countryName}</span> },
  { header: "Code", from: "sm", cell: (rate) => rate.country },
  { header: "Rate", align: "right", className: "tabular-nums", cell: (rate) => rate.rate },
  { header: "Updated", from: "md", cell: (rate) => rate.updated },
];

type Answer = { errors?: Record<string, string[] | undefined>; values?: Record<string, string>; saved?: boolean } | undefined;

export default function AdminTax({ loaderData, actionData }: Route.ComponentProps) {
  const { collected, mode } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errors = answer?.errors ?? {};
  // A saved rate empties the form for the next one; a refused one keeps what was typed.
  const values = answer?.saved ? {} : (answer?.values ?? {});

  return (
    <div className="grid gap-8">
      <AdminListPage
        title="Tax"
        noun={["country rate", "country rates"]}
        list={taxRateList}
        data={loaderData}
        search={{ id: "tax-rate", label: "Search rates by country", placeholder: "Search by country", maxLength: 60 }}
        focusSearchOnN
        columns={columns}
        rowKey={(rate) => rate.id}
        rowActions={(rate, rowDelete) => (
          <RowActions>
            <DeleteRowButton
              id={rate.id}
              title={`${rate.countryName} tax rate`}
              description={`Buyers from ${rate.countryName} pay no tax in test mode until a rate is set again. Orders already paid keep their tax.`}
              rowDelete={rowDelete}
            />
          </RowActions>
        )}
        empty={{
          icon: <Percent />,
          none: TAX_MESSAGES.empty,
          noneDescription: "Set a rate below for each country whose buyers pay tax. Buyers from other countries pay none.",
          noMatches: "No rates found for this country.",
        }}
      />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Tax at checkout</h2>
          </CardTitle>
          <CardDescription>
            {collected ? "Tax is collected at checkout. " : "Tax is not collected: buyers pay the price as listed. "}
            {mode === "stripe"
              ? "Payments go through Stripe: Stripe Tax computes the tax from the address the buyer gives on Stripe's page, and validates business tax IDs. Turn Stripe Tax on in your Stripe dashboard first."
              : "In test mode, the buyer chooses their country and pays the rate you set for it here, added to the price."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post">
            <input type="hidden" name="intent" value="set-collection" />
            <input type="hidden" name="enabled" value={collected ? "off" : "on"} />
            <Button type="submit" variant={collected ? "outline" : "default"} loading={busy("set-collection")}>
              {collected ? "Stop collecting tax at checkout" : "Collect tax at checkout"}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Set a country&apos;s rate</h2>
          </CardTitle>
          <CardDescription>Used in test mode. A country that has a rate already gets the new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end" key={answer?.saved ? "saved" : "editing"}>
            <input type="hidden" name="intent" value="set-rate" />
            <FormField label="Country" name="country" error={errors.country}>
              <NativeSelect defaultValue={values.country ?? ""} required>
                <option value="" disabled>
                  Choose a country
                </option>
                {TAX_COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {TAX_COUNTRIES[code]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Rate (%)" name="ratePercent" error={errors.ratePercent}>
              <Input defaultValue={values.ratePercent ?? ""} inputMode="decimal" placeholder="20" required />
            </FormField>
            <Button type="submit" loading={busy("set-rate")}>
              Save rate
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
