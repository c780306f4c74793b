import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { drawable } from "~/server/certificates/certificate-pdf.server";
import type { Invoice } from "~/server/db/schema";

/** An invoice or credit note as an A4 PDF whose words are real text (a screen reader or an accountant's tool reads them). */
export async function renderInvoicePdf(invoice: Invoice) {
  const credit = invoice.kind === "credit_note";
  const title = credit ? "Credit note" : "Invoice";
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${invoice.number}`);
  pdf.setAuthor(invoice.sellerLegalName);
  pdf.setCreator(invoice.sellerLegalName);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const money = (cents: number) => formatMoney(credit && cents !== 0 ? -cents : cents, invoice.currency);
  let y = 780;
  const line = (
    text: string,
    { font = regular, size = 11, x = 56, gap = 16 }: { font?: PDFFont; size?: number; x?: number; gap?: number } = {},
  ) => {
    page.drawText(drawable(font, text), { x, y, size, font, color: rgb(0.06, 0.09, 0.16) });
    y -= gap;
  };
  const right = (target: PDFPage, text: string, font: PDFFont, size: number, at: number) => {
    const shown = drawable(font, text);
    target.drawText(shown, { x: 539 - font.widthOfTextAtSize(shown, size), y: at, size, font, color: rgb(0.06, 0.09, 0.16) });
  };

  line(`${title} ${invoice.number}`, { font: bold, size: 20, gap: 28 });
  line(`Date: ${formatDate(invoice.issuedAt)}`);
  line(`Currency: ${invoice.currency.toUpperCase()}`, { gap: 28 });

  line("Seller", { font: bold });
  line(invoice.sellerLegalName);
  for (const part of invoice.sellerAddress.split(/\r?\n/).filter(Boolean)) line(part);
  if (invoice.sellerTaxNumber) line(`Tax number: ${invoice.sellerTaxNumber}`);
  y -= 12;
  line("Buyer", { font: bold });
  line(invoice.buyerName);
  for (const part of invoice.buyerAddress.split(/\r?\n/).filter(Boolean)) line(part);
  if (invoice.buyerTaxId) line(`Tax ID: ${invoice.buyerTaxId}`);
  line(invoice.buyerEmail, { gap: 28 });

  const row = (label: string, amount: string, font = regular) => {
    page.drawText(drawable(font, label), { x: 56, y, size: 11, font, color: rgb(0.06, 0.09, 0.16) });
    right(page, amount, font, 11, y);
    y -= 18;
  };
  row("Description", "Amount", bold);
  page.drawLine({ start: { x: 56, y: y + 12 }, end: { x: 539, y: y + 12 }, thickness: 0.5, color: rgb(0.7, 0.72, 0.76) });
  row(invoice.itemTitle, money(invoice.listPriceCents));
  if (invoice.discountCents > 0) row(`Discount${invoice.couponCode ? ` (${invoice.couponCode})` : ""}`, money(-invoice.discountCents));
  row("Tax", money(invoice.taxCents));
  row("Total", money(invoice.totalCents), bold);
  if (credit) {
    y -= 10;
    line(
      invoice.orderLineId
        ? "This credit note gives back one line of the same order's invoice: the amount above was refunded."
        : "This credit note cancels the invoice of the same order, or what was left of it: the amount above was refunded.",
      { size: 10 },
    );
  }
  return Buffer.from(await pdf.save());
}
