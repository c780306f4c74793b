/**
 * The currencies a school may sell in: those Stripe charges in (its "supported currencies" list,
 * lower case as Stripe writes them). Kept here by hand; a code Stripe adds is added here.
 * docs/decisions/051.
 */
export const STRIPE_CURRENCIES = [
  "usd",
  "aed",
  "afn",
  "all",
  "amd",
  "ang",
  "aoa",
  "ars",
  "aud",
  "awg",
  "azn",
  "bam",
  "bbd",
  "bdt",
  "bgn",
  "bhd",
  "bif",
  "bmd",
  "bnd",
  "bob",
  "brl",
  "bsd",
  "bwp",
  "byn",
  "bzd",
  "cad",
  "cdf",
  "chf",
  "clp",
  "cny",
  "cop",
  "crc",
  "cve",
  "czk",
  "djf",
  "dkk",
  "dop",
  "dzd",
  "egp",
  "etb",
  "eur",
  "fjd",
  "fkp",
  "gbp",
  "gel",
  "gip",
  "gmd",
  "gnf",
  "gtq",
  "gyd",
  "hkd",
  "hnl",
  "htg",
  "huf",
  "idr",
  "ils",
  "inr",
  "isk",
  "jmd",
  "jod",
  "jpy",
  "kes",
  "kgs",
  "khr",
  "kmf",
  "krw",
  "kwd",
  "kyd",
  "kzt",
  "lak",
  "lbp",
  "lkr",
  "lrd",
  "lsl",
  "mad",
  "mdl",
  "mga",
  "mkd",
  "mmk",
  "mnt",
  "mop",
  "mur",
  "mvr",
  "mwk",
  "mxn",
  "myr",
  "mzn",
  "nad",
  "ngn",
  "nio",
  "nok",
  "npr",
  "nzd",
  "omr",
  "pab",
  "pen",
  "pgk",
  "php",
  "pkr",
  "pln",
  "pyg",
  "qar",
  "ron",
  "rsd",
  "rub",
  "rwf",
  "sar",
  "sbd",
  "scr",
  "sek",
  "sgd",
  "shp",
  "sle",
  "sos",
  "srd",
  "szl",
  "thb",
  "tjs",
  "tnd",
  "top",
  "try",
  "ttd",
  "twd",
  "tzs",
  "uah",
  "ugx",
  "uyu",
  "uzs",
  "vnd",
  "vuv",
  "wst",
  "xaf",
  "xcd",
  "xof",
  "xpf",
  "yer",
  "zar",
  "zmw",
] as const;

export type StripeCurrency = (typeof STRIPE_CURRENCIES)[number];

export function isStripeCurrency(value: string): value is StripeCurrency {
  return (STRIPE_CURRENCIES as readonly string[]).includes(value);
}

/** Charged in whole units: an amount of 500 in JPY is ¥500, not ¥5.00. */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);
/** Charged in thousandths: 5000 in KWD is 5.000 KWD. */
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/**
 * How many decimal places an amount's smallest unit is, as Stripe counts it (0 for JPY, 3 for KWD,
 * else 2). Stripe, not ISO 4217, decides: it takes ISK, HUF and TWD in hundredths although they
 * are shown without decimals, so amounts stored in the minor unit are what the provider charges.
 */
export function currencyExponent(currency: string) {
  const code = currency.toLowerCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** "usd" → "USD — US Dollar": the currency picker's label. */
export function currencyLabel(currency: string) {
  const code = currency.toUpperCase();
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(["en"], { type: "currency" }).of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${code} — ${name}` : code;
}
