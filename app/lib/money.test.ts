import { describe, expect, it } from "vitest";
import { currencyExponent, currencyLabel, isStripeCurrency, STRIPE_CURRENCIES } from "./currencies";
import { dollarsToCents, formatMoney, formatPrice, fromMinorUnits, moneyExample, moneyInputStep, toDecimalAmount, toMinorUnits } from "./money";

describe("formatMoney", () => {
  it("shows an amount in the smallest unit with its own currency", () => {
    expect(formatMoney(19700, "usd")).toBe("$197.00");
    expect(formatMoney(12950, "usd")).toBe("$129.50");
    expect(formatMoney(123456789, "usd")).toBe("$1,234,567.89");
    expect(formatMoney(1500, "EUR")).toBe("€15.00");
    expect(formatMoney(123456, "gbp")).toBe("£1,234.56");
    expect(formatMoney(0, "usd")).toBe("$0.00");
  });

  it("reads a zero-decimal currency's amount as whole units (500 JPY is ¥500, not ¥5)", () => {
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(19700, "krw")).toBe("₩19,700");
  });

  it("reads a three-decimal currency's amount in thousandths", () => {
    expect(formatMoney(5000, "kwd")).toBe("KWD\u00a05.000");
  });

  it("follows Stripe where it differs from ISO: ISK is charged in hundredths", () => {
    expect(currencyExponent("isk")).toBe(2);
    expect(formatMoney(150000, "isk")).toBe("ISK\u00a01,500");
  });

  it("shows a code it does not know as stored instead of failing", () => {
    expect(formatMoney(1250, "xx")).toBe("12.50 XX");
  });
});

describe("formatPrice", () => {
  it("leaves out the fraction of a whole price", () => {
    expect(formatPrice(9700, "usd")).toBe("$97");
    expect(formatPrice(100000000, "usd")).toBe("$1,000,000");
    expect(formatPrice(0, "usd")).toBe("$0");
    expect(formatPrice(9700, "eur")).toBe("€97");
    expect(formatPrice(9700, "jpy")).toBe("¥9,700");
  });

  it("shows both decimals when there are cents", () => {
    expect(formatPrice(9750, "usd")).toBe("$97.50");
    expect(formatPrice(9705, "usd")).toBe("$97.05");
  });
});

describe("toMinorUnits and back", () => {
  it("rounds typed amounts to the currency's smallest unit", () => {
    expect(toMinorUnits("19.99", "usd")).toBe(1999);
    expect(toMinorUnits(" 20 ", "eur")).toBe(2000);
    expect(toMinorUnits(0.1 + 0.2, "usd")).toBe(30);
    expect(toMinorUnits("1.005", "usd")).toBe(101);
    expect(toMinorUnits("500", "jpy")).toBe(500);
    expect(toMinorUnits("5", "kwd")).toBe(5000);
    expect(dollarsToCents("2.675")).toBe(268);
  });

  it("is NaN for text that is not a number", () => {
    expect(toMinorUnits("ten", "usd")).toBeNaN();
    expect(toMinorUnits("", "usd")).toBeNaN();
  });

  it("shows stored amounts as a form does, and as CSV decimals", () => {
    expect(fromMinorUnits(9700, "usd")).toBe("97");
    expect(fromMinorUnits(9750, "usd")).toBe("97.50");
    expect(fromMinorUnits(500, "jpy")).toBe("500");
    expect(toDecimalAmount(4900, "usd")).toBe("49.00");
    expect(toDecimalAmount(4900, "jpy")).toBe("4900");
  });
});

describe("currencies", () => {
  it("are Stripe's codes, each one Intl can format", () => {
    expect(STRIPE_CURRENCIES).toContain("usd");
    expect(new Set(STRIPE_CURRENCIES).size).toBe(STRIPE_CURRENCIES.length);
    for (const code of STRIPE_CURRENCIES) expect(() => new Intl.NumberFormat("en-US", { style: "currency", currency: code })).not.toThrow();
    expect(isStripeCurrency("jpy")).toBe(true);
    expect(isStripeCurrency("xxx")).toBe(false);
    expect(isStripeCurrency("btc")).toBe(false);
    expect(currencyLabel("eur")).toBe("EUR — Euro");
  });
});

describe("a money input's step and example", () => {
  it("follow the currency's decimals", () => {
    expect([moneyInputStep("usd"), moneyInputStep("jpy"), moneyInputStep("kwd")]).toEqual(["0.01", "1", "0.001"]);
    expect([moneyExample("usd"), moneyExample("jpy"), moneyExample("kwd")]).toEqual(["20 or 19.50", "2000", "20 or 19.500"]);
  });
});
