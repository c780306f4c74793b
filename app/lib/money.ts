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
