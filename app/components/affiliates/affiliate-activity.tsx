import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

export type AffiliateFigures = {
  clicks: number;
  signups: number;
  sales: number;
  pending: string;
  payable: string;
  paid: string;
  reversed: string;
};
export type CommissionRowView = { id: string; date: string; product: string; amount: string; state: string };
export type PayoutRowView = { id: string; paidOn: string; amount: string; reference: string };

/** An affiliate's figures, commissions and payouts: what the owner and the affiliate both see (never a buyer). */
export function AffiliateActivity({
  figures,
  commissions,
  payouts,
}: {
  figures: AffiliateFigures;
  commissions: CommissionRowView[];
  payouts: PayoutRowView[];
}) {
  const stats: [string, string | number][] = [
    ["Clicks", figures.clicks],
    ["Sign-ups", figures.signups],
    ["Sales", figures.sales],
    ["Pending", figures.pending],
    ["Payable", figures.payable],
    ["Paid", figures.paid],
    ["Reversed", figures.reversed],
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7" aria-label="Affiliate figures">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-lg border p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Commissions</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {commissions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No commissions yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Product</TableHead>
                  <TableHead className="text-right">Commission</TableHead>
                  <TableHead>State</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {commissions.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-nowrap">{row.date}</TableCell>
                    <TableCell>{row.product}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.amount}</TableCell>
                    <TableCell>{row.state}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Payouts</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {payouts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payouts yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Paid on</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Reference</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payouts.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="whitespace-nowrap">{row.paidOn}</TableCell>
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
