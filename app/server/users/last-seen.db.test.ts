import { RouterContextProvider } from "react-router";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signInNewUser } from "../../../tests/support/sign-in";
import { useTestDatabase } from "../../../tests/support/test-database";
import { sessionMiddleware } from "~/server/auth/session.server";
import { users } from "~/server/db/schema";
import { forgetSeenUsers, LAST_SEEN_INTERVAL_MS, noteUserSeen } from "./last-seen.server";

const database = useTestDatabase();

const seenOf = async (id: string) => {
  const [row] = await database().db.select({ lastSeenAt: users.lastSeenAt, updatedAt: users.updatedAt }).from(users).where(eq(users.id, id));
  return row!;
};

/** One request of the signed-in person through the root middleware. */
async function request(cookie: string) {
  const context = new RouterContextProvider();
  const page = new Request("http://localhost:3000/account.data", { headers: { cookie } });
  await sessionMiddleware({ request: page, context, params: {}, unstable_pattern: "/account", url: new URL(page.url) } as never, async () => new Response("ok"));
}

beforeEach(() => forgetSeenUsers());

describe("last seen", () => {
  it("a sign-in sets it, and a request by the signed-in person moves it once the five minutes are past", async () => {
    const person = await signInNewUser(database().db, "user");
    const signedIn = await seenOf(person.id);
    expect(signedIn.lastSeenAt).toBeInstanceOf(Date);

    // Right after signing in: within five minutes, nothing is written.
    await request(person.cookie);
    expect((await seenOf(person.id)).lastSeenAt).toEqual(signedIn.lastSeenAt);

    // As if the sign-in was six minutes ago: the next request moves it to now; updated_at stays.
    const sixMinutesAgo = new Date(Date.now() - 6 * 60 * 1000);
    await database().db.update(users).set({ lastSeenAt: sixMinutesAgo, updatedAt: sql`${users.updatedAt}` }).where(eq(users.id, person.id));
    forgetSeenUsers();
    await request(person.cookie);
    const moved = await seenOf(person.id);
    expect(moved.lastSeenAt!.getTime()).toBeGreaterThan(sixMinutesAgo.getTime() + 5 * 60 * 1000);
    expect(moved.updatedAt).toEqual(signedIn.updatedAt);
  });

  it("writes at most once per five minutes per person, not once per request, also across processes", async () => {
    const person = await signInNewUser(database().db, "user");
    const start = new Date(Date.now() + 60 * 60 * 1000);
    expect(await noteUserSeen({ userId: person.id, now: start })).toBe(true);
    // Many requests in the next minutes: no write (this process remembers).
    for (let minute = 0; minute < 5; minute += 1) {
      expect(await noteUserSeen({ userId: person.id, now: new Date(start.getTime() + minute * 60_000) })).toBe(false);
    }
    // Another process, which has not seen this person yet: the database's condition refuses the write.
    forgetSeenUsers();
    expect(await noteUserSeen({ userId: person.id, now: new Date(start.getTime() + 4 * 60_000) })).toBe(false);
    expect((await seenOf(person.id)).lastSeenAt).toEqual(start);
    // Past the interval: written again.
    const later = new Date(start.getTime() + 4 * 60_000 + LAST_SEEN_INTERVAL_MS + 60_000);
    expect(await noteUserSeen({ userId: person.id, now: later })).toBe(true);
    expect((await seenOf(person.id)).lastSeenAt).toEqual(later);
  });

  it("counts each person apart", async () => {
    const [first, second] = [await signInNewUser(database().db, "user"), await signInNewUser(database().db, "user")];
    const now = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await noteUserSeen({ userId: first.id, now })).toBe(true);
    expect(await noteUserSeen({ userId: second.id, now })).toBe(true);
  });
});
