const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Prices are stored in cents and shown in USD with 2 decimals: 19700 → "$197.00". */
export function formatUsd(cents: number) {
  return usd.format(cents / 100);
}

/** A price in running text: whole dollars when there are no cents (9700 → "$97"), else 2 decimals (9750 → "$97.50"). */
export function formatPrice(cents: number) {
  return cents % 100 === 0 ? wholeUsd.format(cents / 100) : usd.format(cents / 100);
}

/** A dollar amount typed in a form ("19.99", "20") as whole cents, rounded; NaN when it is not a number. */
export function dollarsToCents(dollars: string | number) {
  const text = String(dollars).trim();
  if (text === "" || !Number.isFinite(Number(text))) return Number.NaN;
  // Shift the decimal point in the text rather than multiplying: 1.005 * 100 is 100.49999….
  return /e/i.test(text) ? Math.round(Number(text) * 100) : Math.round(Number(`${text}e2`));
}

const byCurrency = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the payment provider keeps it, in the currency's smallest unit (cents, or whole yen
 * for JPY), shown with that currency: (19700, "usd") → "$197.00", (1500, "eur") → "€15.00",
 * (500, "jpy") → "¥500". Orders keep their own currency, so this is how an order's amount is shown.
 */
export function formatMoney(minorUnits: number, currency: string) {
  const code = currency.toUpperCase();
  let format = byCurrency.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    } catch {
      // Not an ISO 4217 code: show the number and the code as stored rather than fail the page.
      return `${(minorUnits / 100).toFixed(2)} ${code}`;
    }
    byCurrency.set(code, format);
  }
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
