import type { Route } from "./+types/invoice-pdf";
import { invoicePdfLoader } from "./invoice-pdf.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return invoicePdfLoader({ request, context, id: params.id });
}
