import { describe, expect, it } from "vitest";
import { webProcessCount } from "./web-cluster.mjs";

const POSTGRES = "postgres://app@db.example/school";

describe("how many web processes npm start runs", () => {
  it("runs WEB_CONCURRENCY processes on PostgreSQL, one when it is 1", () => {
    expect(webProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "3" })).toEqual({ count: 3, note: null });
    expect(webProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "1" })).toEqual({ count: 1, note: null });
  });

  it("runs one per core on PostgreSQL when WEB_CONCURRENCY is unset", async () => {
    const { availableParallelism } = await import("node:os");
    expect(webProcessCount({ DATABASE_URL: POSTGRES })).toEqual({ count: availableParallelism(), note: null });
    expect(webProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: " " }).count).toBe(availableParallelism());
  });

  it("keeps the embedded database in one process, and says so when more were asked for", () => {
    expect(webProcessCount({})).toEqual({ count: 1, note: null });
    expect(webProcessCount({ WEB_CONCURRENCY: "4" })).toEqual({
      count: 1,
      note: "WEB_CONCURRENCY=4 is ignored: the embedded database runs in one process (set DATABASE_URL for more)",
    });
  });

  it.each(["0", "-1", "2.5", "two", "65"])("refuses WEB_CONCURRENCY=%s with the reason", (value) => {
    expect(() => webProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: value })).toThrow(
      `WEB_CONCURRENCY must be a whole number from 1 to 64 (1 runs one web process), not "${value}".`,
    );
  });
});
