import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone and quotes commas, quotes and line breaks", () => {
    expect(csvCell("Ann Lee")).toBe("Ann Lee");
    expect(csvCell("Lee, Ann")).toBe('"Lee, Ann"');
    expect(csvCell('Ann "the coder" Lee')).toBe('"Ann ""the coder"" Lee"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("carriage\rreturn")).toBe('"carriage\rreturn"');
  });

  it("turns formulas into text with a leading apostrophe (= + - @, tab, carriage return)", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    // Only the start counts.
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes dates as ISO 8601 UTC, numbers as numbers and nothing as empty", () => {
    expect(csvCell(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05.678Z");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["a", "b,c", null, 1])).toBe('a,"b,c",,1\r\n');
  });
});
