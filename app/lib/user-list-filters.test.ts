import { describe, expect, it } from "vitest";
import { DEFAULT_USER_LIST, sortedBy, userExportHref, userListUrl, USERS_MAX_QUERY_LENGTH } from "./user-list-filters";

const parse = (search: string) => userListUrl.parse(new URLSearchParams(search));

describe("the users list URL", () => {
  it("defaults to everyone, newest member first, page 1", () => {
    expect(parse("")).toEqual(DEFAULT_USER_LIST);
    expect(userListUrl.href(DEFAULT_USER_LIST)).toBe("/admin/users");
  });

  it("reads the search, role, sort, direction and page, and writes them back", () => {
    const filters = parse("q=%20Ann%20&role=admin&sort=email&dir=desc&page=3");
    expect(filters).toEqual({ q: "Ann", role: "admin", sort: "email", dir: "desc", page: 3 });
    expect(userListUrl.href(filters)).toBe("/admin/users?q=Ann&role=admin&sort=email&dir=desc&page=3");
    // A column's first direction is left out of the URL.
    expect(userListUrl.href({ ...filters, dir: "asc", page: 1 })).toBe("/admin/users?q=Ann&role=admin&sort=email");
  });

  it("ignores values it does not know, and cuts a very long search", () => {
    expect(parse("role=owner&sort=password&dir=sideways&page=-4")).toEqual(DEFAULT_USER_LIST);
    expect(parse("page=abc").page).toBe(1);
    expect(parse(`q=${"x".repeat(5000)}`).q).toHaveLength(USERS_MAX_QUERY_LENGTH);
  });

  it("sorts by a heading: its first direction, then the other way round, back on page 1", () => {
    const onPage4 = { ...DEFAULT_USER_LIST, page: 4 };
    expect(sortedBy(onPage4, "email")).toMatchObject({ sort: "email", dir: "asc", page: 1 });
    expect(sortedBy({ ...onPage4, sort: "email", dir: "asc" }, "email")).toMatchObject({ dir: "desc" });
    expect(sortedBy(onPage4, "created")).toMatchObject({ sort: "created", dir: "asc" });
    expect(sortedBy(onPage4, "last-seen")).toMatchObject({ sort: "last-seen", dir: "desc" });
  });

  it("exports the list as filtered, every page", () => {
    expect(userExportHref({ q: "a&b", role: "user", sort: "name", dir: "asc", page: 7 })).toBe(
      "/admin/users/export.csv?q=a%26b&role=user&sort=name",
    );
  });
});
