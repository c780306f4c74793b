import { z } from "~/lib/forms/zod";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { isTaxCountry, percentToBasisPoints, TAX_RATE_MAX_BASIS_POINTS } from "~/lib/tax";

/** Admin → Tax's forms and list (kept apart from ~/lib/tax, which the public checkout page loads without zod). */

export const countryField = z.string().trim().toUpperCase().refine(isTaxCountry, "Choose your country from the list");

/** Admin → Tax's forms. */
export const taxScreenForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-rate"),
    country: countryField,
    ratePercent: z
      .string()
      .trim()
      .transform(percentToBasisPoints)
      .refine((value) => Number.isFinite(value) && value > 0 && value <= TAX_RATE_MAX_BASIS_POINTS, "Enter a rate between 0.01 and 100, like 20 or 8.25"),
  }),
  z.object({ intent: z.literal("delete"), id: countryField }),
  z.object({ intent: z.literal("set-collection"), enabled: z.enum(["on", "off"]) }),
]);

/** Admin → Tax's list of rates: searched by country code or name. */
export const taxRateList = defineListUrl("/admin/tax", { q: textParam({ maxLength: 60 }), page: pageParam() });
