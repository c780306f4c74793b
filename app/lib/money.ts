const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prices are stored in cents and shown in USD with 2 decimals: 19700 → "$197.00". */
export function formatUsd(cents: number) {
  return usd.format(cents / 100);
}

/** A dollar amount typed in a form ("19.99", "20") as whole cents, rounded; NaN when it is not a number. */
export function dollarsToCents(dollars: string | number) {
  const value = typeof dollars === "number" ? dollars : Number(String(dollars).trim());
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}
