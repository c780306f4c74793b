import { FileText } from "lucide-react";
import { invoiceLinkLabel, type InvoiceLink } from "~/lib/invoices";

/** An order's invoice and credit note as download links (a full page load: the answer is a PDF). */
export function InvoiceLinks({ documents }: { documents: InvoiceLink[] }) {
  if (documents.length === 0) return null;
  return (
    <span className="mt-1 flex flex-col gap-0.5">
      {documents.map((document) => (
        <a
          key={document.id}
          href={document.href}
          download
          aria-label={invoiceLinkLabel(document)}
          className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
        >
          <FileText aria-hidden="true" className="size-3" />
          {document.number}
        </a>
      ))}
    </span>
  );
}
