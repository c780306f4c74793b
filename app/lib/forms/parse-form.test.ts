import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField, passwordField } from "./fields";
import { firstError, parseForm } from "./parse-form";

function formData(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const actions = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string().trim().min(1, "Name is required") }),
  z.object({ intent: z.literal("sign-up"), email: emailField(), password: passwordField() }),
]);

describe("parseForm", () => {
  it("gives the parsed data of the branch the intent picks, and what was typed", () => {
    const parsed = parseForm(actions, formData({ intent: "sign-up", email: " Ann@Example.com ", password: "secret-1" }));
    expect(parsed.errors).toBeUndefined();
    expect(parsed.data).toEqual({ intent: "sign-up", email: "ann@example.com", password: "secret-1" });
    expect(parsed.values).toEqual({ intent: "sign-up", email: " Ann@Example.com " });
  });

  it("refuses an unknown or missing intent under `intent`", () => {
    for (const intent of ["delete-everything", undefined]) {
      const parsed = parseForm(actions, formData(intent ? { intent, name: "x" } : { name: "x" }));
      expect(parsed.data).toBeUndefined();
      expect(Object.keys(parsed.errors!)).toEqual(["intent"]);
    }
  });

  it("collects the messages per field and keeps what was typed, never a password", () => {
    const parsed = parseForm(actions, formData({ intent: "sign-up", email: "nope", password: "123", confirmPassword: "123" }));
    expect(parsed.errors).toEqual({ email: ["Please enter a valid email address"], password: ["Password must be at least 6 characters"] });
    expect(parsed.values).toEqual({ intent: "sign-up", email: "nope" });
    expect(firstError(parsed.errors!)).toBe("Please enter a valid email address");
  });

  it("ignores files (uploads have their own route)", () => {
    const parsed = parseForm(actions, formData({ intent: "rename", name: "Ann", avatar: new Blob(["x"]) }));
    expect(parsed.data).toEqual({ intent: "rename", name: "Ann" });
    expect(parsed.values).toEqual({ intent: "rename", name: "Ann" });
  });

  it("files a message about the whole form under `form`", () => {
    const matching = z.object({ a: z.string(), b: z.string() }).refine((value) => value.a === value.b, "They differ");
    expect(parseForm(matching, formData({ a: "1", b: "2" })).errors).toEqual({ form: ["They differ"] });
  });

  it("names a message inside a list by its path, as the input is named", () => {
    const rows = z.object({ rows: z.array(z.object({ title: z.string().min(1, "Title needed") })) });
    const gather = z.preprocess((raw) => ({ rows: [{ title: (raw as Record<string, string>)["rows.0.title"] }, { title: "" }] }), rows);
    expect(parseForm(gather, formData({ "rows.0.title": "kept" })).errors).toEqual({ "rows.1.title": ["Title needed"] });
  });
});
