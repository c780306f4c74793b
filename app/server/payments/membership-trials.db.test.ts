import { addDays, addMonths, subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBuyer, mailsTo, ordersOf } from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { subscriptions } from "~/server/db/schema";
import { endTestMemberships } from "~/server/jobs/jobs.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { cancelMembership } from "./billing.server";
import { getCheckoutOffer, startCheckout } from "./checkout.server";
import { sendTrialReminder, trialConversion } from "./membership-trials.server";
import { chargeTestTrial } from "./settle-ended-test-memberships.server";

const database = useTestDatabase();

const subscriptionOf = async (userId: string) => (await database().db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

/** The jobs queued for one subscription: queue name and when each may start. */
async function trialJobs(subscriptionId: string) {
  const { rows } = await database().executeSql(
    `select name, start_after from pgboss.job where name in ('trial-reminder', 'test-trial-charge') and data->>'subscriptionId' = $1 order by name`,
    [subscriptionId],
  );
  return (rows as { name: string; start_after: string | Date }[]).map((row) => ({ name: row.name, startAfter: new Date(row.start_after) }));
}

async function setTrialDays(days: number) {
  await updateSiteSettings({ input: { ...(await getSiteSettings()), membershipTrialDays: days }, actorId: null });
}

const within = (actual: Date, expected: Date, ms = 60_000) => expect(Math.abs(actual.getTime() - expected.getTime())).toBeLessThan(ms);

beforeEach(() => setTrialDays(14));
afterEach(() => setTrialDays(0));

describe("a membership trial in test mode", () => {
  it("opens the membership at once, charges nothing, and queues the reminder and the first charge", async () => {
    const buyer = await createBuyer();
    const offer = await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" } });
    expect(offer).toMatchObject({ listPriceCents: 0, amountCents: 0, trial: { days: 14, firstChargeCents: 9700 } });
    within(new Date(offer.trial!.firstChargeAt), addDays(new Date(), 14));

    expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" } })).status).toBe("paid");

    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ kind: "membership", status: "paid", amountCents: 0, listPriceCents: 0, trialDays: 14 });
    expect(order!.itemTitle).toContain("14-day free trial");
    const subscription = await subscriptionOf(buyer.id);
    expect(subscription).toMatchObject({ status: "trialing", trialConvertedAt: null });
    within(subscription.trialEndsAt!, addDays(order!.paidAt!, 14), 1000);
    expect(subscription.currentPeriodEnd).toEqual(subscription.trialEndsAt);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    const jobs = await trialJobs(subscription.id);
    expect(jobs.map((job) => job.name)).toEqual(["test-trial-charge", "trial-reminder"]);
    within(jobs[0]!.startAfter, subscription.trialEndsAt!, 5_000);
    within(jobs[1]!.startAfter, subDays(subscription.trialEndsAt!, 3), 5_000);
  });

  it("gives one trial per account, ever: a second membership is charged at once", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    await cancelMembership({ userId: buyer.id });
    const trialEnd = (await subscriptionOf(buyer.id)).trialEndsAt!;
    await chargeTestTrial({ subscriptionId: (await subscriptionOf(buyer.id)).id, now: addDays(trialEnd, 1) });

    const again = await getCheckoutOffer({ userId: buyer.id, item: { plan: "yearly" } });
    expect(again).toMatchObject({ blocked: null, trial: null, amountCents: 97000 });
  });

  it("offers no trial when the settings say 0, nor to a buyer who gives a code, nor to a guest", async () => {
    const buyer = await createBuyer();
    expect((await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" }, couponCode: "SAVE10" })).trial).toBeNull();
    expect((await getCheckoutOffer({ userId: "", item: { plan: "monthly" } })).trial).toBeNull();
    // A guest checkout for the address of an account that never had a trial pays at once too (as its page said).
    const guest = await startCheckout({ guest: { email: buyer.email, name: "Guest" }, item: { plan: "monthly" } });
    expect(guest).toMatchObject({ status: "paid", offer: { trial: null, amountCents: 9700 } });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ trialDays: null, amountCents: 9700 });
    await setTrialDays(0);
    expect((await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" } })).trial).toBeNull();
  });

  it("refuses a trial length outside 0 to 90 days in the settings", async () => {
    const settings = await getSiteSettings();
    await expect(updateSiteSettings({ input: { ...settings, membershipTrialDays: 91 }, actorId: null })).rejects.toThrow(/membershipTrialDays/);
    await expect(updateSiteSettings({ input: { ...settings, membershipTrialDays: -1 }, actorId: null })).rejects.toThrow(/membershipTrialDays/);
    expect((await getSiteSettings()).membershipTrialDays).toBe(14);
  });

  it("charges at the trial's end (the job): the membership goes on for a paid month and counts as converted", async () => {
    const range = { from: subDays(new Date(), 1), to: addDays(new Date(), 1) };
    const earlier = await trialConversion(range);
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const trial = await subscriptionOf(buyer.id);

    // Before its end the job changes nothing.
    expect(await chargeTestTrial({ subscriptionId: trial.id, now: subDays(trial.trialEndsAt!, 1) })).toMatchObject({ converted: 0, ended: 0 });
    const end = addDays(trial.trialEndsAt!, 0);
    expect(await chargeTestTrial({ subscriptionId: trial.id, now: end })).toMatchObject({ converted: 1, ended: 0 });

    const paid = await subscriptionOf(buyer.id);
    expect(paid).toMatchObject({ status: "active", trialConvertedAt: end });
    expect(paid.currentPeriodEnd).toEqual(addMonths(trial.trialEndsAt!, 1));
    const now = await trialConversion(range);
    expect({ started: now.started - earlier.started, converted: now.converted - earlier.converted, lapsed: now.lapsed - earlier.lapsed }).toEqual({
      started: 1,
      converted: 1,
      lapsed: 0,
    });
  });

  it("cancelling during the trial charges nothing and ends access when the trial ends (the schedule too)", async () => {
    const range = { from: subDays(new Date(), 1), to: addDays(new Date(), 1) };
    const earlier = await trialConversion(range);
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "yearly" } });
    const trial = await subscriptionOf(buyer.id);
    const canceled = await cancelMembership({ userId: buyer.id });
    expect(canceled.endsAt).toEqual(trial.trialEndsAt);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    // The ten-minute schedule reaches it before the trial's own job: it ends, unpaid.
    await endTestMemberships(addDays(trial.trialEndsAt!, 0));
    expect(await subscriptionOf(buyer.id)).toMatchObject({ status: "canceled", trialConvertedAt: null });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
    const now = await trialConversion(range);
    // (The schedule also charged the other tests' trials: only what this one adds is counted here.)
    expect({ started: now.started - earlier.started, lapsed: now.lapsed - earlier.lapsed }).toEqual({ started: 1, lapsed: 1 });
  });

  it("mails the reminder once, with the date and amount of the first charge; not after a cancellation", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const trial = await subscriptionOf(buyer.id);
    const before = (await mailsTo(buyer.email)).length;

    expect(await sendTrialReminder({ subscriptionId: trial.id })).toEqual({ sent: true });
    expect(await sendTrialReminder({ subscriptionId: trial.id })).toEqual({ sent: false });
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(before + 1);
    const reminder = mails.find((text) => text.includes("Subject: Your free trial ends on"))!;
    expect(reminder.replace(/\s+/g, " ")).toContain("your first payment of $97 is charged");

    const other = await createBuyer();
    await startCheckout({ userId: other.id, item: { plan: "monthly" } });
    await cancelMembership({ userId: other.id });
    expect(await sendTrialReminder({ subscriptionId: (await subscriptionOf(other.id)).id })).toEqual({ sent: false });
  });
});
