import { formatMoney } from "~/lib/money";

/**
 * Tax at checkout (docs/decisions/054): the countries a buyer picks from, the owner's rates in
 * basis points (2000 = 20%), the tax of an amount, and the shape of a tax ID. Both sides import it:
 * the checkout form and the Tax screen show what the server checks again.
 */

/** ISO 3166-1 alpha-2 codes and names, as the buyer picks their country. */
export const TAX_COUNTRIES = {
  AT: "Austria",
  AU: "Australia",
  BE: "Belgium",
  BG: "Bulgaria",
  BR: "Brazil",
  CA: "Canada",
  CH: "Switzerland",
  CY: "Cyprus",
  CZ: "Czechia",
  DE: "Germany",
  DK: "Denmark",
  EE: "Estonia",
  ES: "Spain",
  FI: "Finland",
  FR: "France",
  GB: "United Kingdom",
  GR: "Greece",
  HR: "Croatia",
  HU: "Hungary",
  IE: "Ireland",
  IN: "India",
  IS: "Iceland",
  IT: "Italy",
  JP: "Japan",
  LT: "Lithuania",
  LU: "Luxembourg",
  LV: "Latvia",
  MT: "Malta",
  MX: "Mexico",
  NL: "Netherlands",
  NO: "Norway",
  NZ: "New Zealand",
  PL: "Poland",
  PT: "Portugal",
  RO: "Romania",
  SE: "Sweden",
  SG: "Singapore",
  SI: "Slovenia",
  SK: "Slovakia",
  US: "United States",
  ZA: "South Africa",
} as const;

export type TaxCountry = keyof typeof TAX_COUNTRIES;

export const TAX_COUNTRY_CODES = Object.keys(TAX_COUNTRIES) as TaxCountry[];

export const isTaxCountry = (value: unknown): value is TaxCountry => typeof value === "string" && value in TAX_COUNTRIES;

export const countryName = (code: string) => (isTaxCountry(code) ? TAX_COUNTRIES[code] : code);

/**
 * EU VAT numbers: the country's prefix (Greece's is EL) and what follows it, per the EU's VIES
 * formats. A number is checked against its country's pattern only; whether it is registered is
 * not checked (test mode; in Stripe mode Stripe validates).
 */
export const EU_VAT_PATTERNS: Partial<Record<TaxCountry, { prefix: string; body: RegExp; example: string }>> = {
  AT: { prefix: "AT", body: /^U\d{8}$/, example: "ATU12345678" },
  BE: { prefix: "BE", body: /^[01]\d{9}$/, example: "BE0123456789" },
  BG: { prefix: "BG", body: /^\d{9,10}$/, example: "BG123456789" },
  CY: { prefix: "CY", body: /^\d{8}[A-Z]$/, example: "CY12345678X" },
  CZ: { prefix: "CZ", body: /^\d{8,10}$/, example: "CZ12345678" },
  DE: { prefix: "DE", body: /^\d{9}$/, example: "DE123456789" },
  DK: { prefix: "DK", body: /^\d{8}$/, example: "DK12345678" },
  EE: { prefix: "EE", body: /^\d{9}$/, example: "EE123456789" },
  ES: { prefix: "ES", body: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: "ESX1234567X" },
  FI: { prefix: "FI", body: /^\d{8}$/, example: "FI12345678" },
  FR: { prefix: "FR", body: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: "FR12345678901" },
  GR: { prefix: "EL", body: /^\d{9}$/, example: "EL123456789" },
  HR: { prefix: "HR", body: /^\d{11}$/, example: "HR12345678901" },
  HU: { prefix: "HU", body: /^\d{8}$/, example: "HU12345678" },
  IE: { prefix: "IE", body: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: "IE1234567T" },
  IT: { prefix: "IT", body: /^\d{11}$/, example: "IT12345678901" },
  LT: { prefix: "LT", body: /^(\d{9}|\d{12})$/, example: "LT123456789" },
  LU: { prefix: "LU", body: /^\d{8}$/, example: "LU12345678" },
  LV: { prefix: "LV", body: /^\d{11}$/, example: "LV12345678901" },
  MT: { prefix: "MT", body: /^\d{8}$/, example: "MT12345678" },
  NL: { prefix: "NL", body: /^\d{9}B\d{2}$/, example: "NL123456789B01" },
  PL: { prefix: "PL", body: /^\d{10}$/, example: "PL1234567890" },
  PT: { prefix: "PT", body: /^\d{9}$/, example: "PT123456789" },
  RO: { prefix: "RO", body: /^\d{2,10}$/, example: "RO1234567890" },
  SE: { prefix: "SE", body: /^\d{12}$/, example: "SE123456789001" },
  SI: { prefix: "SI", body: /^\d{8}$/, example: "SI12345678" },
  SK: { prefix: "SK", body: /^\d{10}$/, example: "SK1234567890" },
};

/** A tax ID as typed, for comparing: upper-case, without spaces, dots or dashes. */
export const normaliseTaxId = (value: string) => value.toUpperCase().replace(/[\s.-]/g, "");

/** Why a tax ID cannot be this country's, or null when its shape is right (an empty one is none). */
export function taxIdProblem({ country, taxId }: { country: string; taxId: string }): string | null {
  const id = normaliseTaxId(taxId);
  if (!id) return null;
  const vat = isTaxCountry(country) ? EU_VAT_PATTERNS[country] : undefined;
  if (vat) {
    if (!id.startsWith(vat.prefix)) return `A VAT number from ${countryName(country)} starts with ${vat.prefix}, like ${vat.example}`;
    if (!vat.body.test(id.slice(vat.prefix.length))) {
      return `This is not the format of a VAT number from ${countryName(country)}: it looks like ${vat.example}`;
    }
    return null;
  }
  return /^[A-Z0-9/]{4,20}$/.test(id) ? null : "A tax ID has 4 to 20 letters and digits";
}

/** A rate as the owner types it: a percentage with up to two decimals ("20", "8.25"). */
export const TAX_RATE_MAX_BASIS_POINTS = 10000;

export function percentToBasisPoints(percent: string) {
  const text = percent.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(`${text}e2`));
}

/** 2000 → "20%", 825 → "8.25%". */
export const formatTaxRate = (basisPoints: number) => `${(basisPoints / 100).toString()}%`;

/**
 * The tax of one line, exclusive of its price, in the currency's minor units: rounded half up
 * on the exact product, in integers (no float error on 0.5 of a cent).
 */
export const taxOfLine = ({ netCents, basisPoints }: { netCents: number; basisPoints: number }) =>
  Math.floor((netCents * basisPoints + 5000) / 10000);

export const TAX_MESSAGES = {
  rateSaved: "Tax rate saved",
  rateRemoved: "Tax rate removed",
  collectionOn: "Tax is now collected at checkout",
  collectionOff: "Tax is no longer collected at checkout",
  notFound: "There is no rate for this country",
  listFailed: "Failed to fetch tax rates",
  empty: "No tax rates yet.",
} as const;

export const BUYER_LIMITS = { name: 200, address: 500, taxId: 30 } as const;

export type BillingDetails = { country: TaxCountry; name: string; address: string; taxId: string };

/** The buyer's address as one block: the lines they typed, then their country's name. */
export function billingAddressBlock({ address, country }: { address: string | null; country: string | null }) {
  return [...(address ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean), ...(country ? [countryName(country)] : [])].join("\n");
}

/** The orders lists' tax line under the amount ("Includes $39.40 tax, USD"), or null when none was charged. */
export function orderTaxLabel(order: { taxCents: number; currency: string }) {
  if (order.taxCents <= 0) return null;
  return `Includes ${formatMoney(order.taxCents, order.currency)} tax, ${order.currency.toUpperCase()}`;
}
