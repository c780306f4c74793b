import { personNameField } from "~/lib/forms/fields";
import { z } from "~/lib/forms/zod";
import {
  ENROLLMENT_STATUSES,
  ORDER_STATUSES,
  PUBLISH_STATUSES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  WEBHOOK_EVENT_LABELS,
  type WebhookEvent,
} from "~/lib/domain-values";

/**
 * The REST API's shapes, in one place: the query, path and body schemas validate requests, and
 * the same schemas (with the responses') make the OpenAPI document (openapi.server.ts). Field
 * names are snake_case, as JSON APIs usually are; times are ISO 8601 in UTC.
 */

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

const timestamp = z.iso.datetime().meta({ description: "ISO 8601, UTC" });
const uuid = z.uuid();

/** Every list's paging: `limit` rows after `cursor` (the `next_cursor` of the page before). */
export const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT)
    .meta({ description: `How many items a page holds (1–${PAGE_SIZE_MAX}).` }),
  cursor: z.string().max(500).optional().meta({ description: "The `next_cursor` of the previous page; absent for the first page." }),
};

/** A day (`2026-11-01`, midnight UTC) or a moment (`2026-11-01T09:30:00Z`). */
const dateOrMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  });

// Courses ------------------------------------------------------------------------------------

export const courseSummary = z
  .object({
    id: uuid,
    slug: z.string(),
    title: z.string(),
    subtitle: z.string(),
    status: z.enum(PUBLISH_STATUSES),
    price_cents: z.int(),
    level: z.string(),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "CourseSummary" });

export const lessonItem = z
  .object({
    id: uuid,
    slug: z.string(),
    title: z.string(),
    type: z.string(),
    duration_seconds: z.int(),
    is_preview: z.boolean(),
    position: z.int(),
  })
  .meta({ id: "Lesson" });

export const courseDetail = courseSummary
  .extend({
    lessons: z.array(lessonItem).meta({ description: "Lessons outside any module, listed before the modules." }),
    modules: z.array(z.object({ id: uuid, title: z.string(), position: z.int(), lessons: z.array(lessonItem) })),
  })
  .meta({ id: "Course" });

export const courseListQuery = z.object({ status: z.enum(PUBLISH_STATUSES).optional(), ...pageQuery });
export const courseList = listOf(courseSummary);
export const idParams = z.object({ id: uuid });
export const courseUpdateBody = z
  .object({
    status: z.enum(PUBLISH_STATUSES).meta({
      description: "`published` puts the course in the catalogue (its first publication date is kept); `draft` takes it out.",
    }),
  })
  .strict();

// Users --------------------------------------------------------------------------------------

export const userItem = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    email_verified: z.boolean(),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
  })
  .meta({ id: "User" });

export const userListQuery = z.object({
  email: z.string().trim().min(1).max(254).optional().meta({ description: "Users whose e-mail contains this text, any case." }),
  role: z.enum(ROLES).optional(),
  ...pageQuery,
});
export const userList = listOf(userItem);
export const userParams = z.object({ id: z.string().min(1).max(200) });
export const userUpdateBody = z
  .object({ name: personNameField({ required: "Name is required" }).meta({ description: "One line, as on the account page." }) })
  .strict();

export const courseProgressItem = z
  .object({
    course_id: uuid,
    course_title: z.string(),
    enrollment_status: z.enum(ENROLLMENT_STATUSES),
    total_lessons: z.int(),
    completed_lessons: z.int(),
    percent: z.int().min(0).max(100),
    last_activity_at: timestamp.nullable(),
  })
  .meta({ id: "CourseProgress" });
export const progressQuery = z.object({ course_id: uuid.optional().meta({ description: "Only this course." }) });
export const progressList = z.object({ data: z.array(courseProgressItem) });
export const lessonCompletionBody = z.object({ lesson_id: uuid.meta({ description: "A lesson the user may open now." }) }).strict();
export const lessonCompletion = z
  .object({
    user_id: z.string(),
    lesson_id: uuid,
    completed_at: timestamp.meta({ description: "When it was first completed (kept when completed again)." }),
    certificate_id: uuid.nullable().meta({ description: "The certificate this completion issued, if it finished the course." }),
  })
  .meta({ id: "LessonCompletion" });

// Enrollments --------------------------------------------------------------------------------

export const enrollmentItem = z
  .object({
    user_id: z.string(),
    course_id: uuid,
    status: z.enum(ENROLLMENT_STATUSES),
    source: z.string(),
    granted_at: timestamp,
    revoked_at: timestamp.nullable(),
  })
  .meta({ id: "Enrollment" });

export const enrollmentListQuery = z.object({
  user_id: z.string().min(1).max(200).optional(),
  course_id: uuid.optional(),
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  ...pageQuery,
});
export const enrollmentList = listOf(enrollmentItem);
export const enrollmentGrantBody = z
  .object({
    user_id: z.string().min(1).max(200),
    course_id: uuid,
    note: z.string().trim().max(500).optional().meta({ description: "Kept in the audit history with the grant." }),
  })
  .strict();
export const enrollmentParams = z.object({ user_id: z.string().min(1).max(200), course_id: uuid });

// Orders -------------------------------------------------------------------------------------

export const orderLineItem = z
  .object({
    kind: z.string(),
    course_id: uuid.nullable(),
    plan: z.string().nullable(),
    title: z.string().meta({ description: "What the line sold, named as it was at the sale." }),
    list_price_cents: z.int(),
    discount_cents: z.int(),
    tax_cents: z.int(),
    amount_cents: z.int().meta({ description: "What was paid for this line: its list price minus its discount, plus its tax." }),
    refunded_at: timestamp.nullable(),
  })
  .meta({ id: "OrderLine" });

export const orderItem = z
  .object({
    id: uuid,
    user_id: z.string().nullable(),
    customer_email: z.string(),
    kind: z.string(),
    course_id: uuid.nullable(),
    plan: z.string().nullable(),
    item_title: z.string(),
    amount_cents: z.int().meta({ description: "What the buyer paid, tax included." }),
    tax_cents: z.int().meta({ description: "The tax in amount_cents (0 when none was charged)." }),
    list_price_cents: z.int(),
    discount_cents: z.int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    provider: z.string(),
    coupon_code: z.string().nullable(),
    paid_at: timestamp.nullable(),
    refunded_at: timestamp.nullable(),
    created_at: timestamp,
    lines: z.array(orderLineItem).meta({ description: "What the order sold, one line per thing; the order's amounts are their sums." }),
  })
  .meta({ id: "Order" });

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  user_id: z.string().min(1).max(200).optional(),
  created_after: dateOrMoment.optional().meta({ description: "Orders created at or after this day or moment." }),
  created_before: dateOrMoment.optional().meta({ description: "Orders created before this day or moment." }),
  ...pageQuery,
});
export const orderList = listOf(orderItem);

// Webhook events -----------------------------------------------------------------------------

export const certificateItem = z
  .object({
    id: uuid,
    number: z.string().meta({ description: "As printed on the certificate, e.g. CERT-001001." }),
    user_id: z.string(),
    course_id: uuid,
    learner_name: z.string(),
    course_title: z.string(),
    issued_at: timestamp,
    url: z.string().meta({ description: "The certificate's public page." }),
  })
  .meta({ id: "Certificate" });

export const membershipItem = z
  .object({
    id: uuid,
    user_id: z.string(),
    plan: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    provider: z.string(),
    current_period_end: timestamp,
    cancel_at_period_end: z.boolean(),
    canceled_at: timestamp.nullable(),
  })
  .meta({ id: "Membership" });

/** What each event's `data` holds: the record the change made, in the API's shapes. */
export const WEBHOOK_EVENT_DATA = {
  "order.paid": z.object({ order: orderItem }),
  "order.refunded": z.object({ order: orderItem }),
  "enrollment.created": z.object({ enrollment: enrollmentItem, user_email: z.string() }),
  "enrollment.revoked": z.object({ enrollment: enrollmentItem, user_email: z.string() }),
  "lesson.completed": z.object({ user_id: z.string(), course_id: uuid, lesson_id: uuid, completed_at: timestamp }),
  "course.completed": z.object({
    user_id: z.string(),
    course_id: uuid,
    lesson_count: z.int().meta({ description: "The course's lessons, all of them completed." }),
    completed_at: timestamp.meta({ description: "When the last of them was completed." }),
  }),
  "certificate.issued": z.object({ certificate: certificateItem }),
  "membership.started": z.object({ membership: membershipItem }),
  "membership.ended": z.object({ membership: membershipItem }),
  "user.created": z.object({ user: userItem }),
} satisfies Record<WebhookEvent, z.ZodType>;

/** The body of every delivery: `{ type, timestamp, data }`, signed as Standard Webhooks says. */
export function webhookPayload<Event extends WebhookEvent>(event: Event) {
  return z
    .object({
      type: z.literal(event),
      timestamp: timestamp.meta({ description: "When the change happened." }),
      data: WEBHOOK_EVENT_DATA[event],
    })
    .meta({ description: WEBHOOK_EVENT_LABELS[event] });
}

// Errors -------------------------------------------------------------------------------------

/** RFC 9457 problem details, the one error shape of the API. */
export const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    errors: z
      .array(
        z.object({
          detail: z.string(),
          pointer: z.string().optional().meta({ description: "A JSON Pointer into the request body." }),
          parameter: z.string().optional().meta({ description: "The query or path parameter." }),
        }),
      )
      .optional(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof problem>;
