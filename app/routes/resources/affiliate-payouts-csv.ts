import type { Route } from "./+types/affiliate-payouts-csv";
import { affiliatePayoutsCsvLoader } from "./affiliate-payouts-csv.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return affiliatePayoutsCsvLoader({ request, context });
}
