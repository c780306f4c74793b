import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The "one home for each value" rules of eslint.config.js, run on made-up files through ESLint's
// own API: dates are formatted only in app/lib/dates.ts, upload kinds are declared only in
// app/lib/upload-kinds.ts. A change to the config that lets a copy back in fails here.

const root = path.resolve(import.meta.dirname, "../..");
const VALUE_RULES = ["no-restricted-syntax", "no-restricted-imports"];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function valueErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return [...new Set(result!.messages.map((message) => message.ruleId ?? "").filter((rule) => VALUE_RULES.includes(rule)))];
}

describe("date formats", () => {
  it.each([
    [
      "date-fns's format",
      'import { format } from "date-fns";\nexport const day = format(new Date(), "MMM d, yyyy");',
      "no-restricted-imports",
    ],
    [
      "a renamed date-fns format",
      'import { format as f } from "date-fns";\nexport const day = f(new Date(), "PP");',
      "no-restricted-imports",
    ],
    [
      "date-fns's lightFormat",
      'import { lightFormat } from "date-fns";\nexport const day = lightFormat(new Date(), "yyyy");',
      "no-restricted-imports",
    ],
    [
      "a date-fns format sub-path",
      'import { format } from "date-fns/format";\nexport const day = format(new Date(), "PP");',
      "no-restricted-imports",
    ],
    ["a date-fns time-zone helper", 'import { utc } from "@date-fns/utc";\nexport const zone = utc;', "no-restricted-imports"],
    ["Intl.DateTimeFormat", 'export const f = new Intl.DateTimeFormat("en-US", { month: "short" });', "no-restricted-syntax"],
    ["toLocaleDateString", "export const day = new Date().toLocaleDateString();", "no-restricted-syntax"],
    ["toLocaleTimeString", 'export const time = new Date().toLocaleTimeString("en-US");', "no-restricted-syntax"],
    [
      "toLocaleString with date options",
      'export const day = new Date().toLocaleString("en-US", { month: "long" });',
      "no-restricted-syntax",
    ],
    ["a day cut from toISOString", "export const day = new Date().toISOString().slice(0, 10);", "no-restricted-syntax"],
  ])("may not be written outside app/lib/dates.ts: %s", async (_name, code, rule) => {
    for (const file of [
      "app/components/example.tsx",
      "app/server/example.server.ts",
      "app/routes/admin/example.tsx",
      "app/lib/example.ts",
    ]) {
      expect({ file, errors: await valueErrors(file, code) }).toEqual({ file, errors: [rule] });
    }
  });

  it("are written in app/lib/dates.ts", async () => {
    const code = 'export const parts = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });';
    expect(await valueErrors("app/lib/dates.ts", code)).toEqual([]);
  });

  it("leave date arithmetic and numbers alone", async () => {
    const code = [
      'import { addMonths, subDays } from "date-fns";',
      "export const later = addMonths(new Date(), 1);",
      "export const earlier = subDays(new Date(), 7);",
      'export const count = (1234).toLocaleString("en-US");',
      "export const stamp = new Date().toISOString();",
    ].join("\n");
    expect(await valueErrors("app/server/example.server.ts", code)).toEqual([]);
  });
});

describe("upload kinds", () => {
  it.each([
    ["an accept list", 'export const accept = "image/jpeg,image/png,image/webp";'],
    ["a video type", 'export const types = { "video/mp4": "mp4" };'],
    ["a type in a template", "export const accept = `video/webm,${'.webm'}`;"],
    ["a size refusal", 'export const tooLarge = "File size must be less than 5MB";'],
    ["a type refusal", 'export const notVideo = "Please select a video file";'],
  ])("may not be restated outside app/lib/upload-kinds.ts: %s", async (_name, code) => {
    for (const file of ["app/components/admin/example-upload.tsx", "app/server/example.server.ts", "app/routes/admin/example.tsx"]) {
      expect({ file, errors: await valueErrors(file, code) }).toEqual({ file, errors: ["no-restricted-syntax"] });
    }
  });

  it("are declared in app/lib/upload-kinds.ts", async () => {
    const code = 'export const types = { "image/png": "png", "video/mp4": "mp4" };\nexport const size = "File size must be less than 5MB";';
    expect(await valueErrors("app/lib/upload-kinds.ts", code)).toEqual([]);
  });

  it("leave other content types alone", async () => {
    const code = 'export const icon = { type: "image/svg+xml" };\nexport const json = "application/json";';
    expect(await valueErrors("app/root.tsx", code)).toEqual([]);
  });
});

describe("tests", () => {
  it("may name dates and upload types to check what users see", async () => {
    const code =
      'import { format } from "date-fns";\nexport const day = format(new Date(), "MMM d, yyyy");\nexport const type = "image/png";';
    expect(await valueErrors("app/server/example.test.ts", code)).toEqual([]);
  });
});
