import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/affiliate-payouts";
import { AdminError } from "~/components/admin/admin-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useAnswerToast } from "~/components/use-toast-once";
import { PAYOUT_REFERENCE_MAX } from "~/lib/affiliates";
import { adminMeta } from "~/lib/seo";
import { affiliatePayoutsAction, affiliatePayoutsLoader } from "./affiliate-payouts.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Affiliate payouts");

export function loader({ request, context }: Route.LoaderArgs) {
  return affiliatePayoutsLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return affiliatePayoutsAction({ request, context });
}

type Answer = { errors?: Record<string, string[] | undefined>; values?: Record<string, string>; saved?: boolean } | undefined;

export default function AdminAffiliatePayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { balances, history, today } = loaderData;
  const answer = actionData as Answer;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const errors = answer?.errors ?? {};
  const values = answer?.saved ? {} : (answer?.values ?? {});
  const chosen = new Set((values.affiliateIds ?? "").split(","));

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <Link to="/admin/affiliates" className="text-sm text-muted-foreground underline">
          Back to affiliates
        </Link>
        <h1 className="text-2xl font-semibold">Affiliate payouts</h1>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Payable balances</h2>
          </CardTitle>
          <CardDescription>
            Commissions past their hold period, less refunds of commissions already paid. Pay them (by PayPal, bank transfer…), then mark
            them paid here. <a href="/admin/affiliates/payouts.csv">Download the payable balances as CSV</a>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {balances.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing is payable right now.</p>
          ) : (
            <Form method="post" className="grid gap-4" key={answer?.saved ? "saved" : "editing"}>
              <input type="hidden" name="intent" value="pay" />
              <fieldset aria-describedby={errors.affiliateIds ? "affiliate-ids-error" : undefined}>
                <legend className="sr-only">Affiliates to pay</legend>
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Pay</TableHead>
                      <TableHead>Affiliate</TableHead>
                      <TableHead>Payout details</TableHead>
                      <TableHead className="text-right">Balance</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {balances.map((row) => (
                      <TableRow key={`${row.affiliateId}`}>
                        <TableCell>
                          <input
                            type="checkbox"
                            name="affiliateIds"
                            value={row.affiliateId}
                            defaultChecked={chosen.has(row.affiliateId)}
                            aria-label={`Pay ${row.name} (${row.code})`}
                            className="size-4"
                          />
                        </TableCell>
                        <TableCell>
                          {row.name} <span className="font-mono text-muted-foreground">{row.code}</span>
                        </TableCell>
                        <TableCell className="max-w-xs text-sm whitespace-pre-wrap">{row.payoutDetails || "Not given"}</TableCell>
                        <TableCell className="text-right tabular-nums">{row.balance}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {errors.affiliateIds ? (
                  <p id="affiliate-ids-error" className="text-sm text-destructive">
                    {errors.affiliateIds[0]}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Paid on" name="paidOn" error={errors.paidOn}>
                  <Input type="date" defaultValue={values.paidOn ?? today} />
                </FormField>
                <FormField label="Reference" name="reference" hint="The transfer's or the mass payout's reference" error={errors.reference}>
                  <Input defaultValue={values.reference ?? ""} maxLength={PAYOUT_REFERENCE_MAX} />
                </FormField>
              </div>
              <div>
                <Button type="submit" loading={navigation.state !== "idle"}>
                  Mark the chosen balances paid
                </Button>
              </div>
            </Form>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Payout history</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payouts yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Paid on</TableHead>
                  <TableHead>Affiliate</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Reference</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-nowrap">{row.paidOn}</TableCell>
                    <TableCell>{row.who}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.amount}</TableCell>
                    <TableCell>{row.reference}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
