import { Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * Admin → Orders: the period's invoices and credit notes as a CSV for the accountant. A plain GET
 * form (the browser saves the file); empty dates mean the current month so far.
 */
export function InvoiceExportForm({ fromDay, toDay }: { fromDay: string; toDay: string }) {
  return (
    <form method="get" action="/admin/orders/invoices.csv" className="flex flex-wrap items-end gap-2" aria-label="Export invoices">
      <div className="grid gap-1">
        <Label htmlFor="invoices-from" className="text-xs">
          Invoices from
        </Label>
        <Input id="invoices-from" name="from" type="date" defaultValue={fromDay} className="h-9 w-40" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="invoices-to" className="text-xs">
          to
        </Label>
        <Input id="invoices-to" name="to" type="date" defaultValue={toDay} className="h-9 w-40" />
      </div>
      <Button type="submit" variant="outline">
        <Download aria-hidden="true" /> Export invoices (CSV)
      </Button>
    </form>
  );
}
