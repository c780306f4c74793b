import { describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIST, orderListUrl, ORDERS_MAX_QUERY_LENGTH } from "./order-list-filters";

const parse = (search: string) => orderListUrl.parse(new URLSearchParams(search));

describe("the orders list URL", () => {
  it("defaults to every order, page 1", () => {
    expect(parse("")).toEqual(DEFAULT_ORDER_LIST);
    expect(orderListUrl.href(DEFAULT_ORDER_LIST)).toBe("/admin/orders");
  });

  it("reads the search, status and page, and writes them back", () => {
    const filters = parse("q=%20ann%40example.test%20&status=refunded&page=3");
    expect(filters).toEqual({ q: "ann@example.test", status: "refunded", page: 3 });
    expect(orderListUrl.href(filters)).toBe("/admin/orders?q=ann%40example.test&status=refunded&page=3");
    expect(orderListUrl.href({ ...filters, page: 1 })).toBe("/admin/orders?q=ann%40example.test&status=refunded");
  });

  it("ignores values it does not know, and cuts a very long search", () => {
    expect(parse("status=stolen&page=-4")).toEqual(DEFAULT_ORDER_LIST);
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`q=${"x".repeat(5000)}`).q).toHaveLength(ORDERS_MAX_QUERY_LENGTH);
  });
});
