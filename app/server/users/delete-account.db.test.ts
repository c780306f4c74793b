import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as account from "~/routes/account/account";
import * as userDetails from "~/routes/admin/user-details";
import {
  accessEvents,
  accounts,
  certificates,
  courses,
  discussionPosts,
  enrollments,
  lessonProgress,
  lessons,
  newsletterSubscribers,
  orders,
  reviews,
  sessions,
  subscriptions,
  users,
} from "~/server/db/schema";
import { deleteAccount, FORMER_MEMBER, LastSuperAdminError } from "./delete-account.server";

/** Issue 43: "Delete my account": what goes, what is anonymised, what the school keeps by law. */

const database = useTestDatabase();
const PASSWORD = "a decent passphrase";

/** A learner with a bit of everything: a password, two sessions, a course and its progress, an order, a review, a post, a membership. */
async function fullLearner() {
  const db = database().db;
  const tag = unique("del");
  const learner = sessionUser({ role: "user", sessionId: `s1-${tag}` });
  await db.insert(users).values({ id: learner.id, email: learner.email, name: "Dana Delete", role: "user" });
  await db.insert(accounts).values({ id: `a-${tag}`, accountId: learner.id, providerId: "credential", userId: learner.id, password: await hashPassword(PASSWORD) });
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await db.insert(sessions).values([
    { id: `s1-${tag}`, token: `t1-${tag}`, userId: learner.id, expiresAt: inAMonth },
    { id: `s2-${tag}`, token: `t2-${tag}`, userId: learner.id, expiresAt: inAMonth },
  ]);
  const [course] = await db.insert(courses).values({ title: `Kept ${tag}`, slug: tag, status: "published" }).returning({ id: courses.id });
  const [lesson] = await db.insert(lessons).values({ courseId: course!.id, title: "L", slug: "l", orderIndex: 1 }).returning({ id: lessons.id });
  await db.insert(enrollments).values({ userId: learner.id, courseId: course!.id, source: "purchase" });
  await db.insert(lessonProgress).values({ userId: learner.id, lessonId: lesson!.id, completedAt: new Date() });
  await db.insert(certificates).values({ userId: learner.id, courseId: course!.id, learnerName: "Dana Delete", courseTitle: "Kept" });
  const [order] = await db
    .insert(orders)
    .values({ userId: learner.id, customerEmail: learner.email, kind: "course", courseId: course!.id, itemTitle: "Kept", amountCents: 4900, status: "paid", provider: "test" })
    .returning({ id: orders.id });
  await db.insert(reviews).values({ courseId: course!.id, userId: learner.id, authorName: "Dana Delete", rating: 5, comment: "Great" });
  const [post] = await db
    .insert(discussionPosts)
    .values({ courseId: course!.id, lessonId: lesson!.id, kind: "question", authorId: learner.id, authorName: "Dana Delete", bodyMd: "Hi", bodyHtml: "<p>Hi</p>" })
    .returning({ id: discussionPosts.id });
  await db.insert(subscriptions).values({ userId: learner.id, plan: "monthly", provider: "test", providerSubscriptionId: `test_sub_${tag}`, currentPeriodEnd: inAMonth });
  await db.insert(newsletterSubscribers).values({ email: learner.email.toUpperCase(), token: `nl-${tag}` });
  return { learner, courseId: course!.id, orderId: order!.id, postId: post!.id };
}

const post = (user: ReturnType<typeof sessionUser>, form: Record<string, string>) =>
  callAction(account, { path: "/account", user, form }) as unknown as Promise<Response | { data: { errors?: Record<string, string[]>; error?: string }; init: { status?: number } }>;

describe("Delete my account", () => {
  it("refuses a wrong password and deletes nothing", async () => {
    const { learner } = await fullLearner();
    const answer = (await post(learner, { intent: "delete-account", password: "not it" })) as { data: { errors?: Record<string, string[]> }; init: { status?: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.errors).toEqual({ password: ["That password is not right"] });
    expect(await database().db.select().from(users).where(eq(users.id, learner.id))).toHaveLength(1);
  });

  it("with the password: ends every session, keeps the order without the buyer, anonymises posts, removes the rest", async () => {
    const { learner, courseId, orderId, postId } = await fullLearner();
    const answer = (await post(learner, { intent: "delete-account", password: PASSWORD })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    const db = database().db;
    expect(await db.select().from(users).where(eq(users.id, learner.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, learner.id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, learner.id))).toEqual([]);
    expect(await db.select().from(enrollments).where(eq(enrollments.userId, learner.id))).toEqual([]);
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id))).toEqual([]);
    expect(await db.select().from(reviews).where(eq(reviews.courseId, courseId))).toEqual([]);
    expect(await db.select().from(certificates).where(eq(certificates.courseId, courseId))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, learner.id))).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${learner.email}`)).toEqual([]);
    // Kept by law, with the buyer taken off; the amount as sold.
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, customerEmail: "", amountCents: 4900, status: "paid" });
    const [kept] = await db.select().from(discussionPosts).where(eq(discussionPosts.id, postId));
    expect(kept).toMatchObject({ authorId: null, authorName: FORMER_MEMBER, bodyMd: "Hi" });
    // The audit trail names no one: the membership that ended and the deletion itself.
    const trail = await db.select().from(accessEvents).where(sql`${accessEvents.note} like 'Account deleted%' or ${accessEvents.note} = 'By the person'`);
    expect(trail.map((row) => [row.type, row.userEmail])).toEqual(expect.arrayContaining([["membership_ended", ""], ["account_deleted", ""]]));
    expect(await db.select().from(accessEvents).where(eq(accessEvents.userEmail, learner.email))).toEqual([]);
  });

  it("asks an account without a password for a fresh sign-in", async () => {
    const db = database().db;
    const tag = unique("oauth");
    const person = sessionUser({ role: "user", sessionId: `s-${tag}` });
    await db.insert(users).values({ id: person.id, email: person.email, name: "Git Hub", role: "user" });
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await db.insert(sessions).values({ id: `s-${tag}`, token: `t-${tag}`, userId: person.id, expiresAt: new Date(Date.now() + 86_400_000), createdAt: old });
    const stale = (await post(person, { intent: "delete-account", password: "" })) as { data: { errors?: Record<string, string[]> }; init: { status?: number } };
    expect(stale.init.status).toBe(400);
    expect(stale.data.errors?.password?.[0]).toContain("sign in again");
    await db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.id, `s-${tag}`));
    expect(((await post(person, { intent: "delete-account", password: "" })) as Response).status).toBe(302);
    expect(await db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
  });

  it("refuses the last super admin, and lets one go while another remains", async () => {
    const db = database().db;
    await db.delete(users).where(eq(users.role, "super_admin"));
    const owner = `owner-${unique("sa")}`;
    await db.insert(users).values({ id: owner, email: `${owner}@example.test`, name: "Owner", role: "super_admin" });
    await expect(deleteAccount({ userId: owner })).rejects.toBeInstanceOf(LastSuperAdminError);
    expect(await db.select().from(users).where(eq(users.id, owner))).toHaveLength(1);
    const second = `owner-${unique("sa")}`;
    await db.insert(users).values({ id: second, email: `${second}@example.test`, name: "Second", role: "super_admin" });
    await deleteAccount({ userId: owner });
    expect(await db.select().from(users).where(eq(users.id, owner))).toEqual([]);
  });

  it("an admin deletes a learner's account at their request from the user's page, typing the e-mail, audited", async () => {
    const { learner, orderId } = await fullLearner();
    const admin = sessionUser({ role: "admin" });
    const otherAdmin = sessionUser({ role: "admin" });
    await database().db.insert(users).values([
      { id: admin.id, email: admin.email, name: "Admin", role: "admin" },
      { id: otherAdmin.id, email: otherAdmin.email, name: "Other", role: "admin" },
    ]);
    const call = (id: string, confirmEmail: string) =>
      callAction(userDetails, { path: `/admin/users/${id}`, params: { id }, user: admin, form: { intent: "delete-account", confirmEmail } }) as unknown as Promise<
        Response | { data: { toast?: { message: string } }; init: { status?: number } }
      >;
    const mistyped = (await call(learner.id, "someone@else.test")) as { data: { toast?: { message: string } }; init: { status?: number } };
    expect(mistyped.init.status).toBe(400);
    expect(mistyped.data.toast?.message).toBe("Type the person's e-mail address exactly to confirm.");
    // An admin's account is a super admin's to delete.
    const refused = (await call(otherAdmin.id, otherAdmin.email)) as { init: { status?: number } };
    expect(refused.init.status).toBe(400);

    const done = (await call(learner.id, learner.email.toUpperCase())) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/users");
    expect(await database().db.select().from(users).where(eq(users.id, learner.id))).toEqual([]);
    const [order] = await database().db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, customerEmail: "" });
    const [audit] = await database()
      .db.select()
      .from(accessEvents)
      .where(sql`${accessEvents.type} = 'account_deleted' and ${accessEvents.actorId} = ${admin.id}`);
    expect(audit).toMatchObject({ userId: null, userEmail: "", actorEmail: admin.email, note: "At the person's request, by an admin" });
    expect(await database().db.select().from(users).where(eq(users.id, otherAdmin.id))).toHaveLength(1);
  });
});
