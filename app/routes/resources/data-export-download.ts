import type { Route } from "./+types/data-export-download";
import { dataExportDownloadLoader } from "./data-export-download.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return dataExportDownloadLoader({ request, context, exportId: params.exportId });
}
