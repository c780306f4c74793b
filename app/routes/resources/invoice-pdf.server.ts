import { data, type RouterContextProvider } from "react-router";
import { isAdminRole } from "~/lib/roles";
import { requireUser } from "~/server/auth/guards.server";
import { renderInvoicePdf } from "~/server/payments/invoice-pdf.server";
import { findInvoiceFor } from "~/server/payments/invoices.server";

/**
 * GET /invoices/:id/pdf: an invoice or credit note as a PDF, for the buyer of its order or an
 * admin. Anyone else signed in gets 404, as for an id that does not exist; a visitor signs in first.
 */
export async function invoicePdfLoader({ request, context, id }: { request: Request; context: Readonly<RouterContextProvider>; id: string }) {
  const user = requireUser({ request, context });
  const invoice = await findInvoiceFor({ invoiceId: id, user: { id: user.id, isAdmin: isAdminRole(user.role) } });
  if (!invoice) throw data("Invoice not found", { status: 404 });
  const pdf = await renderInvoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
