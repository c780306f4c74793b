import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { deleteCourse } from "~/server/courses/admin-courses.server";
import { accessEvents, enrollments, users } from "~/server/db/schema";
import { grantCourseAccess, revokeCourseAccess } from "./course-access.server";

const database = useTestDatabase();

const eventsOf = (userId: string) =>
  database().db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.createdAt));

describe("deleting a course", () => {
  it("records a revoke for every learner who could open it, in the trail that outlives the course", async () => {
    const adminId = unique("admin");
    const adminEmail = `${adminId}@example.test`;
    await database().db.insert(users).values({ id: adminId, email: adminEmail, name: "Admin", role: "admin", emailVerified: true });
    const course = await createCourseForSale();
    const [bought, granted, revoked] = [await createBuyer(), await createBuyer(), await createBuyer()];
    await grantCourseAccess({ userId: bought.id, courseId: course.id, actorId: null, source: "purchase" });
    await grantCourseAccess({ userId: granted.id, courseId: course.id, actorId: adminId, source: "admin" });
    await grantCourseAccess({ userId: revoked.id, courseId: course.id, actorId: adminId, source: "admin" });
    await revokeCourseAccess({ userId: revoked.id, courseId: course.id, actorId: adminId });

    await deleteCourse({ courseId: course.id, actorId: adminId });

    expect(await database().db.select().from(enrollments).where(eq(enrollments.courseId, course.id))).toEqual([]);
    for (const [learner, source] of [
      [bought, "purchase"],
      [granted, "admin"],
    ] as const) {
      const last = (await eventsOf(learner.id)).at(-1);
      expect(last).toMatchObject({
        type: "revoke",
        userEmail: learner.email,
        courseId: null,
        courseTitle: course.title,
        actorEmail: adminEmail,
        source,
        note: "Course deleted",
      });
    }
    expect((await eventsOf(revoked.id)).map((event) => event.type)).toEqual(["grant", "revoke"]);
  });
});
