import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDay, formatTime, setDateDisplay } from "./dates";

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

describe("the school's time zone and date format", () => {
  afterEach(() => setDateDisplay({ timeZone: "UTC", dateFormat: "MMM d, yyyy" }));
  const late = new Date("2025-04-14T23:30:00Z");

  it("show a moment in the school's zone", () => {
    setDateDisplay({ timeZone: "Europe/Dublin", dateFormat: "MMM d, yyyy" });
    expect(formatDateTime(late)).toBe("Apr 15, 2025 00:30");
    setDateDisplay({ timeZone: "America/New_York", dateFormat: "MMM d, yyyy" });
    expect(formatDateTime(late)).toBe("Apr 14, 2025 19:30");
    // The parts kept from the first call are the Dublin ones, not New York's.
    setDateDisplay({ timeZone: "Europe/Dublin", dateFormat: "MMM d, yyyy" });
    expect(formatDateTime(late)).toBe("Apr 15, 2025 00:30");
    expect(formatDateTime(late.toISOString())).toBe("Apr 15, 2025 00:30");
  });

  it.each([
    ["d MMM yyyy", "14 Apr 2025"],
    ["yyyy-MM-dd", "2025-04-14"],
    ["dd/MM/yyyy", "14/04/2025"],
    ["MM/dd/yyyy", "04/14/2025"],
  ] as const)("write the day as %s", (dateFormat, expected) => {
    setDateDisplay({ timeZone: "UTC", dateFormat });
    expect(formatDate(late)).toBe(expected);
  });

  it("keep calendar days and machine forms as they are", () => {
    setDateDisplay({ timeZone: "America/Los_Angeles", dateFormat: "MMM d, yyyy" });
    expect(formatDate("2024-01-01")).toBe("Jan 1, 2024");
    expect(formatIsoDay(late)).toBe("2025-04-14");
  });

  it("fall back to the defaults for a zone or format they do not know", () => {
    setDateDisplay({ timeZone: "Mars/Olympus", dateFormat: "yyyy" as never });
    expect(formatDateTime(late)).toBe("Apr 14, 2025 23:30");
  });
});
