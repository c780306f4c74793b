import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { users } from "~/server/db/schema";
import * as account from "./account";

const database = useTestDatabase();

const member = sessionUser({ name: "Old Name", sessionId: "current-session" });

beforeAll(async () => {
  await database().db.insert(users).values({ id: member.id, email: member.email, name: member.name, role: "user", emailVerified: true });
});

/** What the account action answers: its data and, when not 200, its status. */
type Answer = {
  data: {
    intent?: string;
    errors?: Record<string, string[]>;
    values?: Record<string, string>;
    error?: string;
    toast?: { kind: string; message: string };
  };
  init: { status?: number } | null;
};

const post = async (form: Record<string, string>) =>
  (await callAction(account, { path: "/account", user: member, form })) as unknown as Answer;

describe("account page actions", () => {
  it("answers 400 to an unknown intent", async () => {
    const result = await post({ intent: "export-everything" });
    expect(result.init?.status).toBe(400);
    expect(result.data.errors?.intent).toEqual(["Unknown action."]);
  });

  it("refuses an empty name under the field, keeping what was typed", async () => {
    const result = await post({ intent: "update-name", name: "   " });
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ intent: "update-name", errors: { name: ["Name is required"] }, values: { name: "   " } });
  });

  it("renames with the 'Name updated' toast", async () => {
    const result = await post({ intent: "update-name", name: "  New Name " });
    expect(result.data).toMatchObject({ intent: "update-name", toast: { kind: "success", message: "Name updated" } });
    const [row] = await database().db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    expect(row.name).toBe("New Name");
  });

  it("checks a new password's rules before asking the auth service, and never sends a password back", async () => {
    const result = await post({ intent: "change-password", currentPassword: "old-password", newPassword: "123" });
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ newPassword: ["Password must be at least 6 characters"] });
    expect(result.data.values).toEqual({ intent: "change-password" });
  });

  it("a session that cannot be signed out says why, in the form and in an error toast", async () => {
    const own = await post({ intent: "revoke-session", sessionId: "current-session" });
    expect(own.init?.status).toBe(400);
    expect(own.data).toMatchObject({
      error: "To end this session, use Sign out.",
      toast: { kind: "error", message: "To end this session, use Sign out." },
    });
    const gone = await post({ intent: "revoke-session", sessionId: "no-such-session" });
    expect(gone.init?.status).toBe(404);
    expect(gone.data.toast?.message).toBe("That session has already ended.");
  });
});
