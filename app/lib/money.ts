import { currencyExponent } from "./currencies";

/**
 * Every amount of money the site shows goes through here, with its currency: the school's (the
 * settings' `currency`) for prices, the order's own for what was paid. Amounts are kept in the
 * currency's smallest unit, as Stripe takes them: cents, or whole yen for JPY (lib/currencies.ts).
 * docs/decisions/051.
 */

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(code: string, whole: boolean) {
  const key = `${code}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

function display(minorUnits: number, currency: string, { whole }: { whole: boolean }) {
  const code = currency.toUpperCase();
  const exponent = currencyExponent(code);
  const amount = minorUnits / 10 ** exponent;
  try {
    return numberFormat(code, whole).format(amount);
  } catch {
    // Not an ISO 4217 code: show the number and the code as stored rather than fail the page.
    return `${amount.toFixed(exponent)} ${code}`;
  }
}

/**
 * An amount in the currency's smallest unit, shown with that currency: (19700, "usd") → "$197.00",
 * (1500, "eur") → "€15.00", (500, "jpy") → "¥500", (5000, "kwd") → "KWD 5.000".
 */
export function formatMoney(minorUnits: number, currency: string) {
  return display(minorUnits, currency, { whole: false });
}

/** A price in running text: whole units when there is no fraction ((9700, "usd") → "$97"), else as formatMoney ("$97.50"). */
export function formatPrice(minorUnits: number, currency: string) {
  const whole = minorUnits % 10 ** currencyExponent(currency) === 0;
  return display(minorUnits, currency, { whole });
}

/**
 * An amount typed in a form in whole units ("19.99", "20") as the currency's smallest unit,
 * rounded; NaN when it is not a number. ("19.99", "usd") → 1999, ("500", "jpy") → 500.
 */
export function toMinorUnits(typed: string | number, currency: string) {
  const text = String(typed).trim();
  if (text === "" || !Number.isFinite(Number(text))) return Number.NaN;
  const exponent = currencyExponent(currency);
  // Shift the decimal point in the text rather than multiplying: 1.005 * 100 is 100.49999….
  return /e/i.test(text) ? Math.round(Number(text) * 10 ** exponent) : Math.round(Number(`${text}e${exponent}`));
}

/** The smallest unit as a form shows it in whole units: (9700, "usd") → "97", (9750, "usd") → "97.50", (500, "jpy") → "500". */
export function fromMinorUnits(minorUnits: number, currency: string) {
  const exponent = currencyExponent(currency);
  const factor = 10 ** exponent;
  return minorUnits % factor === 0 ? String(minorUnits / factor) : (minorUnits / factor).toFixed(exponent);
}

/** A dollar amount typed in a form as whole cents: toMinorUnits for the forms that still take two-decimal amounts. */
export function dollarsToCents(dollars: string | number) {
  return toMinorUnits(dollars, "usd");
}

/** An amount in the smallest unit as a plain decimal in whole units, for CSV and structured data: (4900, "usd") → "49.00", (500, "jpy") → "500". */
export function toDecimalAmount(minorUnits: number, currency: string) {
  const exponent = currencyExponent(currency);
  return (minorUnits / 10 ** exponent).toFixed(exponent);
}

/** The step of a money input in whole units: "0.01" for USD, "1" for JPY, "0.001" for KWD. */
export function moneyInputStep(currency: string) {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? "1" : `0.${"0".repeat(exponent - 1)}1`;
}

/** An example amount for a form's hint: "20 or 19.50" in USD, "2000" in JPY, "20 or 19.500" in KWD. */
export function moneyExample(currency: string) {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? "2000" : `20 or 19.${"5".padEnd(exponent, "0")}`;
}
