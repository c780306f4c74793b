import { describe, expect, it } from "vitest";
import { unique, useTestDatabase, violatedConstraint } from "../../../tests/support/test-database";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~/lib/domain-values";
import { subscriptions, users } from "~/server/db/schema";
import { findActiveMembership, hasActiveMembership } from "./membership.server";

const database = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

async function createUser() {
  const id = unique("member");
  await database()
    .db.insert(users)
    .values({ id, email: `${id}@example.test`, name: "Member", emailVerified: true });
  return id;
}

function subscribe(userId: string, status: SubscriptionStatus, currentPeriodEnd: Date) {
  return database().db.insert(subscriptions).values({
    userId,
    plan: "monthly",
    status,
    provider: "test",
    providerSubscriptionId: unique("sub"),
    currentPeriodEnd,
  });
}

describe("the membership access rule", () => {
  it("opens courses only for statuses that grant access, while the period lasts", async () => {
    const opening: SubscriptionStatus[] = ["trialing", "active", "past_due"];
    for (const status of SUBSCRIPTION_STATUSES) {
      const userId = await createUser();
      await subscribe(userId, status, new Date(Date.now() + 10 * DAY));
      expect({ status, open: await hasActiveMembership({ userId }) }).toEqual({ status, open: opening.includes(status) });
    }
  });

  it("ends by itself when the paid period is over", async () => {
    const userId = await createUser();
    const periodEnd = new Date(Date.now() + 3 * DAY);
    await subscribe(userId, "active", periodEnd);

    expect(await hasActiveMembership({ userId, at: new Date(periodEnd.getTime() - 1000) })).toBe(true);
    expect(await hasActiveMembership({ userId, at: periodEnd })).toBe(false);
    expect(await hasActiveMembership({ userId, at: new Date(periodEnd.getTime() + DAY) })).toBe(false);
  });

  it("finds nothing for a person who never subscribed", async () => {
    const userId = await createUser();
    expect(await findActiveMembership({ userId })).toBeNull();
  });

  it("keeps one live subscription per person", async () => {
    const userId = await createUser();
    await subscribe(userId, "canceled", new Date(Date.now() - DAY));
    await subscribe(userId, "active", new Date(Date.now() + DAY));
    expect(await violatedConstraint(subscribe(userId, "past_due", new Date(Date.now() + DAY)))).toEqual({
      code: "23505",
      constraint: "subscriptions_one_live_per_user_idx",
    });
    expect(await findActiveMembership({ userId })).toMatchObject({ status: "active", plan: "monthly" });
  });
});
