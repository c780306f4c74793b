import { describe, expect, it } from "vitest";
import { callAction } from "../../../tests/support/route-harness";
import * as login from "./login";
import * as resetPasswordNew from "./reset-password-new";
import * as signup from "./signup";

// Only refused forms here: they are answered before the auth service is called.

type Refused = {
  data: { intent?: string; errors: Record<string, string[]>; values: Record<string, string>; error?: string };
  init: { status: number };
};

const post = async (module: Parameters<typeof callAction>[0], path: string, form: Record<string, string>) =>
  (await callAction(module, { path, form })) as unknown as Refused;

describe("auth actions refuse what their forms would not send", () => {
  it("/login answers 400 to an unknown intent", async () => {
    const result = await post(login, "/login", { intent: "impersonate", email: "a@example.com" });
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.errors)).toEqual(["intent"]);
  });

  it("/login keeps the typed email, not the password, when the form is refused", async () => {
    const result = await post(login, "/login", { intent: "sign-in", email: "not-an-email", password: "secret-password" });
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ intent: "sign-in", errors: { email: ["Please enter a valid email address"] } });
    expect(result.data.values).toEqual({ intent: "sign-in", email: "not-an-email" });
  });

  it("/signup checks the password length (§9) and keeps name and email", async () => {
    const result = await post(signup, "/signup", { intent: "sign-up", name: "Ann", email: "ann@example.com", password: "12345" });
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({ password: ["Password must be at least 6 characters"] });
    expect(result.data.values).toEqual({ intent: "sign-up", name: "Ann", email: "ann@example.com" });
  });

  it("/reset-password/new wants the same password twice, and a token", async () => {
    const mismatch = await post(resetPasswordNew, "/reset-password/new", {
      token: "t",
      password: "new-password",
      confirmPassword: "other-password",
    });
    expect(mismatch.data.errors).toEqual({ confirmPassword: ["The passwords do not match"] });
    const noToken = await post(resetPasswordNew, "/reset-password/new", {
      password: "new-password",
      confirmPassword: "new-password",
    });
    expect(noToken.init.status).toBe(400);
    expect(noToken.data.error).toBeTruthy();
  });
});
