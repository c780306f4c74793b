import type { z } from "~/lib/forms/zod";
import type { ApiScope } from "~/lib/domain-values";
import { CourseAccessTargetNotFoundError, grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { CourseNotFoundError, setCourseStatus } from "~/server/courses/admin-courses.server";
import { db } from "~/server/db/client.server";
import { LessonCompletedByQuizError, LessonLockedError, LessonNotFoundError } from "~/server/learning/learning-errors.server";
import { markLessonComplete } from "~/server/learning/progress.server";
import { updateAccountName } from "~/server/users/account.server";
import type { ApiKeyPrincipal } from "./api-keys.server";
import { ApiProblem } from "./api-problem.server";
import {
  getApiCourse,
  getApiEnrollment,
  getApiOrder,
  getApiUser,
  listApiCourses,
  listApiEnrollments,
  listApiOrders,
  listApiUserProgress,
  listApiUsers,
} from "./api-reads.server";
import * as schemas from "./api-schemas.server";

/**
 * Every /api/v1 endpoint, declared once: the router (api-router.server.ts) validates requests
 * with these schemas and checks the scope, and the OpenAPI document (openapi.server.ts) is made
 * from the same declarations, so the document cannot say something the server does not do.
 */

type AnyObject = z.ZodObject;

export type Endpoint<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends AnyObject = AnyObject> = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI's path template, under /api/v1: "/courses/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Courses" | "Users" | "Enrollments" | "Orders";
  scope: ApiScope;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answers, by status. */
  responses: Partial<Record<200 | 201, { description: string; schema: z.ZodType }>>;
  /** Errors this endpoint can answer besides 400, 401, 403 and 429 (every endpoint can). */
  errors?: (404 | 422)[];
  handle: (input: {
    params: z.output<P>;
    query: z.output<Q>;
    body: z.output<B>;
    key: ApiKeyPrincipal;
  }) => Promise<{ status: 200 | 201; body: unknown }>;
};

function endpoint<P extends AnyObject, Q extends AnyObject, B extends AnyObject>(definition: Endpoint<P, Q, B>) {
  return definition as unknown as Endpoint;
}

const found = <T>(value: T | null, what: string): T => {
  if (value === null) throw new ApiProblem(404, `No ${what} with this id.`);
  return value;
};

/** A day is midnight UTC; a moment is itself. */
const toDate = (value: string | undefined) =>
  value === undefined ? undefined : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/** The audit history's note on a change made with a key. */
const throughKey = (key: ApiKeyPrincipal, note?: string) => [`Through the API key “${key.name}”`, note].filter(Boolean).join(": ");

export const API_ENDPOINTS: Endpoint[] = [
  endpoint({
    method: "GET",
    path: "/courses",
    operationId: "listCourses",
    summary: "List courses",
    description: "Newest first, drafts included unless `status` says otherwise.",
    tag: "Courses",
    scope: "courses:read",
    query: schemas.courseListQuery,
    responses: { 200: { description: "A page of courses.", schema: schemas.courseList } },
    handle: async ({ query }) => ({ status: 200, body: await listApiCourses(query) }),
  }),
  endpoint({
    method: "GET",
    path: "/courses/{id}",
    operationId: "getCourse",
    summary: "Read a course with its modules and lessons",
    tag: "Courses",
    scope: "courses:read",
    params: schemas.idParams,
    responses: { 200: { description: "The course and its curriculum.", schema: schemas.courseDetail } },
    errors: [404],
    handle: async ({ params }) => ({ status: 200, body: found(await getApiCourse({ courseId: params.id }), "course") }),
  }),
  endpoint({
    method: "PATCH",
    path: "/courses/{id}",
    operationId: "updateCourse",
    summary: "Publish or unpublish a course",
    description:
      "As the course list's Publish and Unpublish do; the public pages follow at once. Recorded in the audit history with the key's name. Other fields are edited in the admin, where a course's lessons and price are checked together.",
    tag: "Courses",
    scope: "courses:write",
    params: schemas.idParams,
    body: schemas.courseUpdateBody,
    responses: { 200: { description: "The course as it is now.", schema: schemas.courseDetail } },
    errors: [404],
    handle: async ({ params, body, key }) => {
      try {
        await db().transaction(async (tx) => {
          await setCourseStatus({ courseId: params.id, status: body.status, database: tx });
          await recordAccessEvent({
            tx,
            type: "api_write",
            userId: key.createdBy,
            courseId: params.id,
            actorId: key.createdBy,
            note: throughKey(key, body.status === "published" ? "course published" : "course unpublished"),
          });
        });
      } catch (error) {
        if (error instanceof CourseNotFoundError) throw new ApiProblem(404, "No course with this id.");
        throw error;
      }
      return { status: 200, body: found(await getApiCourse({ courseId: params.id }), "course") };
    },
  }),
  endpoint({
    method: "GET",
    path: "/users",
    operationId: "listUsers",
    summary: "List users, or search them by e-mail",
    tag: "Users",
    scope: "users:read",
    query: schemas.userListQuery,
    responses: { 200: { description: "A page of users, newest first.", schema: schemas.userList } },
    handle: async ({ query }) => ({ status: 200, body: await listApiUsers(query) }),
  }),
  endpoint({
    method: "GET",
    path: "/users/{id}",
    operationId: "getUser",
    summary: "Read a user",
    tag: "Users",
    scope: "users:read",
    params: schemas.userParams,
    responses: { 200: { description: "The user.", schema: schemas.userItem } },
    errors: [404],
    handle: async ({ params }) => ({ status: 200, body: found(await getApiUser({ userId: params.id }), "user") }),
  }),
  endpoint({
    method: "PATCH",
    path: "/users/{id}",
    operationId: "updateUser",
    summary: "Change a user's name",
    description:
      "The name the school shows and prints on new certificates. E-mail addresses, passwords and roles are not changed through the API: they are the person's own, or a super admin's on the user's page. Recorded in the audit history with the key's name.",
    tag: "Users",
    scope: "users:write",
    params: schemas.userParams,
    body: schemas.userUpdateBody,
    responses: { 200: { description: "The user as they are now.", schema: schemas.userItem } },
    errors: [404],
    handle: async ({ params, body, key }) => {
      const changed = await updateAccountName({
        userId: params.id,
        name: body.name,
        audit: { actorId: key.createdBy, note: throughKey(key, "name changed") },
      });
      if (!changed) throw new ApiProblem(404, "No user with this id.");
      return { status: 200, body: found(await getApiUser({ userId: params.id }), "user") };
    },
  }),
  endpoint({
    method: "GET",
    path: "/users/{id}/progress",
    operationId: "listUserProgress",
    summary: "A user's progress in each of their courses",
    description: "One item per course the user is or was enrolled in: lessons completed out of the course's lessons.",
    tag: "Users",
    scope: "progress:read",
    params: schemas.userParams,
    query: schemas.progressQuery,
    responses: { 200: { description: "The user's progress per course.", schema: schemas.progressList } },
    errors: [404],
    handle: async ({ params, query }) => ({
      status: 200,
      body: found(await listApiUserProgress({ userId: params.id, courseId: query.course_id }), "user"),
    }),
  }),
  endpoint({
    method: "POST",
    path: "/users/{id}/progress",
    operationId: "completeLesson",
    summary: "Mark a lesson complete for a user",
    description:
      "As the learner's Mark Complete does: only a lesson the user may open now (enrolled, or a preview, and released), never a quiz (a quiz is completed by passing it). Completing it again keeps the first time. When it finishes the course, the certificate is issued and `course.completed` and `certificate.issued` are sent. Recorded in the audit history with the key's name.",
    tag: "Users",
    scope: "progress:write",
    params: schemas.userParams,
    body: schemas.lessonCompletionBody,
    responses: { 200: { description: "The lesson is complete.", schema: schemas.lessonCompletion } },
    errors: [404, 422],
    handle: async ({ params, body, key }) => {
      const user = found(await getApiUser({ userId: params.id }), "user");
      try {
        const { completedAt, certificate } = await markLessonComplete({
          user: { id: user.id, role: user.role },
          lessonId: body.lesson_id,
          audit: { actorId: key.createdBy, note: throughKey(key, "lesson marked complete") },
        });
        return {
          status: 200,
          body: { user_id: user.id, lesson_id: body.lesson_id, completed_at: completedAt.toISOString(), certificate_id: certificate?.id ?? null },
        };
      } catch (error) {
        const reason =
          error instanceof LessonNotFoundError
            ? "No lesson with this id, or the user may not open it."
            : error instanceof LessonLockedError
              ? "The user may not open this lesson now: not enrolled, or not released yet."
              : error instanceof LessonCompletedByQuizError
                ? "A quiz is completed by passing it."
                : null;
        if (!reason) throw error;
        throw new ApiProblem(422, reason, [{ detail: reason, pointer: "/lesson_id" }]);
      }
    },
  }),
  endpoint({
    method: "GET",
    path: "/enrollments",
    operationId: "listEnrollments",
    summary: "List enrollments",
    description: "Newest grant first; filter by user, course or status.",
    tag: "Enrollments",
    scope: "enrollments:read",
    query: schemas.enrollmentListQuery,
    responses: { 200: { description: "A page of enrollments.", schema: schemas.enrollmentList } },
    handle: async ({ query }) => ({
      status: 200,
      body: await listApiEnrollments({
        userId: query.user_id,
        courseId: query.course_id,
        status: query.status,
        limit: query.limit,
        cursor: query.cursor,
      }),
    }),
  }),
  endpoint({
    method: "POST",
    path: "/enrollments",
    operationId: "grantEnrollment",
    summary: "Give a user access to a course",
    description:
      "As an admin's Grant Access does: recorded in the audit history, with the key's name and its maker as the actor. 201 when access was given, 200 when the user already had it.",
    tag: "Enrollments",
    scope: "enrollments:write",
    body: schemas.enrollmentGrantBody,
    responses: {
      201: { description: "Access given.", schema: schemas.enrollmentItem },
      200: { description: "The user already had access; nothing changed.", schema: schemas.enrollmentItem },
    },
    errors: [422],
    handle: async ({ body, key }) => {
      try {
        const { changed } = await grantCourseAccess({
          userId: body.user_id,
          courseId: body.course_id,
          actorId: key.createdBy,
          source: "admin",
          note: throughKey(key, body.note),
        });
        return { status: changed ? 201 : 200, body: await getApiEnrollment({ userId: body.user_id, courseId: body.course_id }) };
      } catch (error) {
        if (!(error instanceof CourseAccessTargetNotFoundError)) throw error;
        const field = error.missing === "user" ? "user_id" : "course_id";
        throw new ApiProblem(422, `No ${error.missing} with this id.`, [
          { detail: `No ${error.missing} with this id.`, pointer: `/${field}` },
        ]);
      }
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/enrollments/{user_id}/{course_id}",
    operationId: "revokeEnrollment",
    summary: "Take a user's access to a course away",
    description: "As an admin's Revoke Access does, audited the same way. Revoking revoked access changes nothing.",
    tag: "Enrollments",
    scope: "enrollments:write",
    params: schemas.enrollmentParams,
    responses: { 200: { description: "The enrollment, now revoked.", schema: schemas.enrollmentItem } },
    errors: [404],
    handle: async ({ params, key }) => {
      found(await getApiEnrollment({ userId: params.user_id, courseId: params.course_id }), "enrollment");
      await revokeCourseAccess({ userId: params.user_id, courseId: params.course_id, actorId: key.createdBy, note: throughKey(key) });
      return { status: 200, body: await getApiEnrollment({ userId: params.user_id, courseId: params.course_id }) };
    },
  }),
  endpoint({
    method: "GET",
    path: "/orders",
    operationId: "listOrders",
    summary: "List orders",
    description: "Newest first; filter by status, buyer and creation date.",
    tag: "Orders",
    scope: "orders:read",
    query: schemas.orderListQuery,
    responses: { 200: { description: "A page of orders.", schema: schemas.orderList } },
    handle: async ({ query }) => ({
      status: 200,
      body: await listApiOrders({
        status: query.status,
        userId: query.user_id,
        createdAfter: toDate(query.created_after),
        createdBefore: toDate(query.created_before),
        limit: query.limit,
        cursor: query.cursor,
      }),
    }),
  }),
  endpoint({
    method: "GET",
    path: "/orders/{id}",
    operationId: "getOrder",
    summary: "Read an order",
    tag: "Orders",
    scope: "orders:read",
    params: schemas.idParams,
    responses: { 200: { description: "The order.", schema: schemas.orderItem } },
    errors: [404],
    handle: async ({ params }) => ({ status: 200, body: found(await getApiOrder({ orderId: params.id }), "order") }),
  }),
];
