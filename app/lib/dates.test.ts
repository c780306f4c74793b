import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDay, formatTime } from "./dates";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("dates", () => {
  const late = new Date("2025-04-14T23:30:00Z");

  it.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati"])("format the same in every time zone (%s)", (timeZone) => {
    // The browser's zone is the reader's: a page must render the same text there as on the server.
    process.env.TZ = timeZone;
    expect(formatDate(late)).toBe("Apr 14, 2025");
    expect(formatDateTime(late)).toBe("Apr 14, 2025 23:30");
    expect(formatTime(late)).toBe("23:30");
    expect(formatIsoDay(late)).toBe("2025-04-14");
  });

  it("read the ISO strings loaders send and calendar days", () => {
    expect(formatDate("2025-09-03T07:05:00.000Z")).toBe("Sep 3, 2025");
    expect(formatDateTime("2025-09-03T07:05:00.000Z")).toBe("Sep 3, 2025 07:05");
    expect(formatDate("2024-01-01")).toBe("Jan 1, 2024");
    expect(formatIsoDay(0)).toBe("1970-01-01");
  });
});
