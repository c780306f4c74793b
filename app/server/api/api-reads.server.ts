import { and, asc, desc, eq, gte, ilike, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { EnrollmentStatus, OrderStatus, PublishStatus, Role } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { containsPattern } from "~/server/db/like.server";
import { courseModules, courses, enrollments, lessons, orders, users } from "~/server/db/schema";
import { listCourseProgress } from "~/server/learning/progress.server";
import { listOrderLines } from "~/server/payments/order-lines.server";
import { enrollmentItem, iso, orderItem, userItem } from "./api-shapes.server";

/**
 * What /api/v1 reads, as the API shows it (snake_case, ISO times). Lists page by keyset: newest
 * first by a timestamp, ties broken by the id, and the cursor is the last row's (timestamp, id)
 * as PostgreSQL wrote them (microseconds kept, so no row is skipped or repeated between pages).
 */

export class InvalidCursorError extends Error {
  constructor() {
    super("The cursor is not one this API gave.");
    this.name = "InvalidCursorError";
  }
}

type Cursor = string[];

function encodeCursor(values: Cursor) {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

function decodeCursor(cursor: string | undefined, size: number): Cursor | null {
  if (cursor === undefined) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(values) && values.length === size && values.every((value) => typeof value === "string" && value.length <= 200)) {
      if (!Number.isNaN(Date.parse(values[0] as string))) return values as Cursor;
    }
  } catch {
    // answered below
  }
  throw new InvalidCursorError();
}

/** The timestamp as text with microseconds, in UTC: what a cursor carries. */
const cursorTime = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Page<T> = { data: T[]; next_cursor: string | null };

function toPage<Row extends { cursor: string[] }, T>(rows: Row[], limit: number, toItem: (row: Row) => T): Page<T> {
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return { data: shown.map(toItem), next_cursor: more ? encodeCursor(shown.at(-1)!.cursor) : null };
}

// Courses ------------------------------------------------------------------------------------

const courseColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  status: courses.status,
  priceCents: courses.priceCents,
  level: courses.level,
  publishedAt: courses.publishedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

type CourseRow = Pick<typeof courses.$inferSelect, keyof typeof courseColumns>;

function courseSummary(row: CourseRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    status: row.status as PublishStatus,
    price_cents: row.priceCents,
    level: row.level,
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listApiCourses({ status, limit, cursor }: { status?: PublishStatus; limit: number; cursor?: string }) {
  const after = decodeCursor(cursor, 2);
  if (after && !isUuid(after[1]!)) throw new InvalidCursorError();
  const rows = await db()
    .select({ ...courseColumns, cursorTime: cursorTime(courses.createdAt) })
    .from(courses)
    .where(
      and(
        status ? eq(courses.status, status) : undefined,
        after ? sql`(${courses.createdAt}, ${courses.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, cursor: [row.cursorTime, row.id] })),
    limit,
    courseSummary,
  );
}

/** One course with its curriculum (flat lessons first, then each module's), or null. */
export async function getApiCourse({ courseId }: { courseId: string }) {
  const [course] = await db().select(courseColumns).from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const [moduleRows, lessonRows] = await Promise.all([
    db()
      .select({ id: courseModules.id, title: courseModules.title, position: courseModules.position })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db()
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        slug: lessons.slug,
        title: lessons.title,
        type: lessons.type,
        durationSeconds: lessons.durationSeconds,
        isPreview: lessons.isPreview,
        position: lessons.orderIndex,
      })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.orderIndex), asc(lessons.id)),
  ]);
  const lessonItem = (lesson: (typeof lessonRows)[number]) => ({
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    type: lesson.type,
    duration_seconds: lesson.durationSeconds,
    is_preview: lesson.isPreview,
    position: lesson.position,
  });
  return {
    ...courseSummary(course),
    lessons: lessonRows.filter((lesson) => lesson.moduleId === null).map(lessonItem),
    modules: moduleRows.map((module) => ({
      id: module.id,
      title: module.title,
      position: module.position,
      lessons: lessonRows.filter((lesson) => lesson.moduleId === module.id).map(lessonItem),
    })),
  };
}

// Users --------------------------------------------------------------------------------------

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

export async function listApiUsers({ email, role, limit, cursor }: { email?: string; role?: Role; limit: number; cursor?: string }) {
  const after = decodeCursor(cursor, 2);
  const rows = await db()
    .select({ ...userColumns, cursorTime: cursorTime(users.createdAt) })
    .from(users)
    .where(
      and(
        email ? ilike(users.email, containsPattern(email)) : undefined,
        role ? (role === "user" ? sql`${users.role} in ('user', '')` : eq(users.role, role)) : undefined,
        after ? sql`(${users.createdAt}, ${users.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, cursor: [row.cursorTime, row.id] })),
    limit,
    userItem,
  );
}

export async function getApiUser({ userId }: { userId: string }) {
  const [row] = await db().select(userColumns).from(users).where(eq(users.id, userId));
  return row ? userItem(row) : null;
}

/** The user's progress in each course they are or were enrolled in; null when there is no such user. */
export async function listApiUserProgress({ userId, courseId }: { userId: string; courseId?: string }) {
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const rows = await db()
    .select({
      courseId: enrollments.courseId,
      title: courses.title,
      status: enrollments.status,
      lastActivityAt: sql<Date | null>`(
        select max(lp.updated_at) from lesson_progress lp join lessons l on l.id = lp.lesson_id
        where lp.user_id = ${userId} and l.course_id = ${enrollments.courseId}
      )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), courseId ? eq(enrollments.courseId, courseId) : undefined))
    .orderBy(asc(courses.title), asc(courses.id));
  const progress = await listCourseProgress({ userId, courseIds: rows.map((row) => row.courseId) });
  return {
    data: rows.map((row) => {
      const course = progress.get(row.courseId) ?? { totalLessons: 0, completedLessons: 0, percent: 0 };
      return {
        course_id: row.courseId,
        course_title: row.title,
        enrollment_status: row.status as EnrollmentStatus,
        total_lessons: course.totalLessons,
        completed_lessons: course.completedLessons,
        percent: course.percent,
        last_activity_at: iso(row.lastActivityAt),
      };
    }),
  };
}

// Enrollments --------------------------------------------------------------------------------

const enrollmentColumns = {
  userId: enrollments.userId,
  courseId: enrollments.courseId,
  status: enrollments.status,
  source: enrollments.source,
  grantedAt: enrollments.grantedAt,
  revokedAt: enrollments.revokedAt,
};

export async function listApiEnrollments({
  userId,
  courseId,
  status,
  limit,
  cursor,
}: {
  userId?: string;
  courseId?: string;
  status?: EnrollmentStatus;
  limit: number;
  cursor?: string;
}) {
  const after = decodeCursor(cursor, 3);
  if (after && !isUuid(after[2]!)) throw new InvalidCursorError();
  const rows = await db()
    .select({ ...enrollmentColumns, cursorTime: cursorTime(enrollments.grantedAt) })
    .from(enrollments)
    .where(
      and(
        userId ? eq(enrollments.userId, userId) : undefined,
        courseId ? eq(enrollments.courseId, courseId) : undefined,
        status ? eq(enrollments.status, status) : undefined,
        after
          ? sql`(${enrollments.grantedAt}, ${enrollments.userId}, ${enrollments.courseId}) < (${after[0]}::timestamptz, ${after[1]}, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(enrollments.grantedAt), desc(enrollments.userId), desc(enrollments.courseId))
    .limit(limit + 1);
  return toPage(
    rows.map((row) => ({ ...row, cursor: [row.cursorTime, row.userId, row.courseId] })),
    limit,
    enrollmentItem,
  );
}

export async function getApiEnrollment({ userId, courseId }: { userId: string; courseId: string }) {
  const [row] = await db()
    .select(enrollmentColumns)
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row ? enrollmentItem(row) : null;
}

// Orders -------------------------------------------------------------------------------------

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  customerEmail: orders.customerEmail,
  kind: orders.kind,
  courseId: orders.courseId,
  plan: orders.plan,
  itemTitle: orders.itemTitle,
  amountCents: orders.amountCents,
  taxCents: orders.taxCents,
  listPriceCents: orders.listPriceCents,
  discountCents: orders.discountCents,
  currency: orders.currency,
  status: orders.status,
  provider: orders.provider,
  couponCode: orders.couponCode,
  paidAt: orders.paidAt,
  refundedAt: orders.refundedAt,
  createdAt: orders.createdAt,
};

export async function listApiOrders({
  status,
  userId,
  createdAfter,
  createdBefore,
  limit,
  cursor,
}: {
  status?: OrderStatus;
  userId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  limit: number;
  cursor?: string;
}) {
  const after = decodeCursor(cursor, 2);
  if (after && !isUuid(after[1]!)) throw new InvalidCursorError();
  const rows = await db()
    .select({ ...orderColumns, cursorTime: cursorTime(orders.createdAt) })
    .from(orders)
    .where(
      and(
        status ? eq(orders.status, status) : undefined,
        userId ? eq(orders.userId, userId) : undefined,
        createdAfter ? gte(orders.createdAt, createdAfter) : undefined,
        createdBefore ? lt(orders.createdAt, createdBefore) : undefined,
        after ? sql`(${orders.createdAt}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const lines = await listOrderLines({ orderIds: rows.slice(0, limit).map((row) => row.id) });
  return toPage(
    rows.map((row) => ({ ...row, cursor: [row.cursorTime, row.id] })),
    limit,
    (row) => orderItem(row, lines.get(row.id) ?? []),
  );
}

export async function getApiOrder({ orderId }: { orderId: string }) {
  const [row] = await db().select(orderColumns).from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await listOrderLines({ orderIds: [row.id] });
  return orderItem(row, lines.get(row.id) ?? []);
}
