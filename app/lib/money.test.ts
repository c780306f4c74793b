import { describe, expect, it } from "vitest";
import { dollarsToCents, formatMoney, formatPrice, formatUsd } from "./money";

describe("formatUsd", () => {
  it("shows cents as US dollars with two decimals", () => {
    expect(formatUsd(19700)).toBe("$197.00");
    expect(formatUsd(12950)).toBe("$129.50");
    expect(formatUsd(1)).toBe("$0.01");
    expect(formatUsd(0)).toBe("$0.00");
  });

  it("groups thousands", () => {
    expect(formatUsd(97000)).toBe("$970.00");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
  });
});

describe("formatPrice", () => {
  it("leaves out the cents of a whole-dollar price", () => {
    expect(formatPrice(9700)).toBe("$97");
    expect(formatPrice(97000)).toBe("$970");
    expect(formatPrice(100000000)).toBe("$1,000,000");
    expect(formatPrice(0)).toBe("$0");
  });

  it("shows both decimals when there are cents", () => {
    expect(formatPrice(9750)).toBe("$97.50");
    expect(formatPrice(9705)).toBe("$97.05");
  });
});

describe("dollarsToCents", () => {
  it("rounds typed dollar amounts to whole cents", () => {
    expect(dollarsToCents("19.99")).toBe(1999);
    expect(dollarsToCents(" 20 ")).toBe(2000);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents("1.005")).toBe(101);
    expect(dollarsToCents("2.675")).toBe(268);
  });

  it("is NaN for text that is not a number", () => {
    expect(dollarsToCents("ten")).toBeNaN();
  });
});

describe("formatMoney", () => {
  it("shows an amount in the smallest unit with its own currency", () => {
    expect(formatMoney(19700, "usd")).toBe("$197.00");
    expect(formatMoney(1500, "EUR")).toBe("€15.00");
    expect(formatMoney(123456, "gbp")).toBe("£1,234.56");
    expect(formatMoney(0, "usd")).toBe("$0.00");
  });

  it("knows the currencies without cents", () => {
    expect(formatMoney(500, "jpy")).toBe("¥500");
  });

  it("shows a code it does not know as stored instead of failing", () => {
    expect(formatMoney(1250, "xx")).toBe("12.50 XX");
  });
});
