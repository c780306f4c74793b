import type { Route } from "./+types/invoices-export-csv";
import { invoicesExportLoader } from "./invoices-export-csv.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return invoicesExportLoader({ request, context });
}
