import { useRouteLoaderData } from "react-router";
import { formatMoney, formatPrice } from "~/lib/money";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/lib/site-settings";

/**
 * The school's name, logo and prices, as the root loader read them for this request. Falls back
 * to the defaults only where the root loader has no data (it failed, or a test renders alone).
 */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<{ settings?: SiteSettings }>("root")?.settings ?? DEFAULT_SITE_SETTINGS;
}

/** The school's currency's amount formats: `money` (formatMoney) and `price` (formatPrice), for prices in its smallest unit. */
export function useSchoolMoney() {
  const { currency } = useSiteSettings();
  return {
    currency,
    money: (minorUnits: number) => formatMoney(minorUnits, currency),
    price: (minorUnits: number) => formatPrice(minorUnits, currency),
  };
}
