import { and, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { courses } from "~/server/db/schema";

/**
 * Does a paused payment plan of this person close this course? (the access rule's question, in
 * SQL, for the batch read below and the single-course prepared query of course-holdings.server.ts)
 * A plan `canceled` before it was paid in full (its Stripe subscription ended outside the app,
 * docs/decisions/073) closes as a paused one does.
 *
 * - A course's plan (docs/decisions/069) closes its course, whatever else opened it (the membership
 *   is read on its own by the access rule and still opens it).
 * - A bundle's plan (docs/decisions/073) closes each course its first order's line sold, unless
 *   the person holds that course another way: an enrollment that is not the bundle's (an admin's
 *   grant, a free enrollment, a purchase of the course made before), or another paid order whose
 *   unrefunded line opens it (the course bought on its own, another bundle). The membership, again,
 *   is the access rule's own.
 */
export function pausedPlanClosesCourse({ userId, courseId }: { userId: SQLWrapper | string; courseId: SQLWrapper }): SQL {
  return sql`exists (
    select 1 from "payment_plans" as "pp"
    where "pp"."user_id" = ${userId}::text
      and ("pp"."status" = 'paused' or ("pp"."status" = 'canceled' and "pp"."paid_count" < "pp"."payments"))
      and (
        "pp"."course_id" = ${courseId}::uuid
        or (
          "pp"."bundle_id" is not null
          and exists (select 1 from "order_lines" as "pl" where "pl"."order_id" = "pp"."order_id" and ${courseId}::uuid = any("pl"."bundle_course_ids"))
          and exists (
            select 1 from "enrollments" as "pe"
            where "pe"."user_id" = ${userId}::text and "pe"."course_id" = ${courseId}::uuid and "pe"."status" = 'active' and "pe"."source" = 'bundle'
          )
          and not exists (
            select 1 from "orders" as "po" join "order_lines" as "pol" on "pol"."order_id" = "po"."id"
            where "po"."user_id" = ${userId}::text and "po"."status" = 'paid' and "po"."payment_plan_id" is distinct from "pp"."id"
              and "pol"."refunded_at" is null
              and ("pol"."course_id" = ${courseId}::uuid or ${courseId}::uuid = any("pol"."bundle_course_ids"))
          )
        )
      )
  )`;
}

/** Of these courses, those a paused payment plan of this person closes (docs/decisions/069, 073); the access rule asks. */
export async function listPausedPlanCourseIds({
  userId,
  courseIds,
  database = db(),
}: {
  userId: string;
  courseIds: string[];
  database?: Queryable;
}): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await database
    .select({ courseId: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, courseIds), pausedPlanClosesCourse({ userId, courseId: courses.id })));
  return new Set(rows.map((row) => row.courseId));
}
