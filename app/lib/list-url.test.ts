import { describe, expect, it } from "vitest";
import { choiceParam, defineListUrl, optionParam, pageParam, sortParams, textParam } from "./list-url";

const sorting = sortParams({ title: "asc", updated: "desc" }, "updated");
const things = defineListUrl("/things", {
  q: textParam({ maxLength: 10 }),
  kind: optionParam(["a", "b"]),
  view: choiceParam(["grid", "list"], "grid"),
  sort: sorting.sort,
  dir: sorting.dir,
  page: pageParam({ max: 5 }),
});

describe("a list's URL", () => {
  it("reads every parameter, with defaults for what is missing or unknown", () => {
    expect(things.defaults).toEqual({ q: "", kind: null, view: "grid", sort: "updated", dir: "desc", page: 1 });
    expect(things.parse(new URLSearchParams("q=%20%20hello%20world%20&kind=c&view=table&sort=size&dir=up&page=9"))).toEqual({
      q: "hello worl",
      kind: null,
      view: "grid",
      sort: "updated",
      dir: "desc",
      page: 5,
    });
  });

  it("writes only what differs from the defaults, in the declared order", () => {
    expect(things.href(things.defaults)).toBe("/things");
    expect(things.search({ page: 2, kind: "b", q: "x y" })).toBe("?q=x+y&kind=b&page=2");
    // A sort's own first direction is left out; the other way round is written.
    expect(things.search({ sort: "title", dir: "asc" })).toBe("?sort=title");
    expect(things.search({ sort: "title", dir: "desc" })).toBe("?sort=title&dir=desc");
    expect(things.search({ sort: "updated", dir: "asc" })).toBe("?sort=updated&dir=asc");
  });

  it("goes back to the first page when anything but the page changes", () => {
    const state = things.parse(new URLSearchParams("q=x&page=3"));
    expect(things.href(state, { kind: "a" })).toBe("/things?q=x&kind=a");
    expect(things.href(state, { page: 4 })).toBe("/things?q=x&page=4");
    expect(things.href(state, { kind: "a" }, "/other")).toBe("/other?q=x&kind=a");
  });

  it("reads a submitted form like a URL: empty fields mean All, other state is kept", () => {
    const state = things.parse(new URLSearchParams("q=x&view=list&sort=title&page=3"));
    expect(things.hrefFromForm(state, { q: " y ", kind: "" })).toBe("/things?q=y&view=list&sort=title");
    expect(things.hrefFromForm(state, { q: "", kind: "b" })).toBe("/things?kind=b&view=list&sort=title");
  });

  it("sorts by a heading: its first direction, then the other way round, on page 1", () => {
    const state = { ...things.defaults, page: 3 };
    expect(sorting.sortedBy(state, "title")).toMatchObject({ sort: "title", dir: "asc", page: 1 });
    expect(sorting.sortedBy({ ...state, sort: "title", dir: "asc" }, "title")).toMatchObject({ dir: "desc" });
  });
});
