import { describe, expect, it } from "vitest";
import { ORDER_KINDS, ORDER_STATUSES, PAYMENT_PROVIDERS } from "./domain-values";
import { refundRefusal } from "./order-refunds";

describe("refundRefusal: which orders the back office can refund", () => {
  const every = ORDER_KINDS.flatMap((kind) =>
    PAYMENT_PROVIDERS.flatMap((provider) => ORDER_STATUSES.map((status) => ({ kind, provider, status }))),
  );

  it("refunds paid courses and bundles either way, and paid test-mode memberships", () => {
    expect(every.filter((order) => refundRefusal(order) === null)).toEqual([
      { kind: "course", provider: "stripe", status: "paid" },
      { kind: "course", provider: "test", status: "paid" },
      { kind: "membership", provider: "test", status: "paid" },
      { kind: "bundle", provider: "stripe", status: "paid" },
      { kind: "bundle", provider: "test", status: "paid" },
    ]);
  });

  it("says why the others are refused", () => {
    const refusedFor = (reason: string) => every.filter((order) => refundRefusal(order) === reason);
    expect(refusedFor("membership-at-stripe")).toEqual([{ kind: "membership", provider: "stripe", status: "paid" }]);
    expect(refusedFor("already-refunded").map((order) => order.status)).toEqual(Array(6).fill("refunded"));
    expect(new Set(refusedFor("not-paid").map((order) => order.status))).toEqual(new Set(["pending", "failed", "expired"]));
    expect(refusedFor("not-paid")).toHaveLength(18);
  });
});
