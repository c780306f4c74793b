import { sql } from "drizzle-orm";
import {
  bigint,
  jsonb,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// A relative path, not "~/lib/…": drizzle-kit loads this file without the app's path alias.
import {
  ACCESS_EVENT_TYPES,
  AFFILIATE_JOIN_POLICIES,
  AFFILIATE_STATUSES,
  COMMISSION_KINDS,
  COMMISSION_STATES,
  COMMISSION_TYPES,
  type AffiliateJoinPolicy,
  type AffiliateStatus,
  type CommissionType,
  API_SCOPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_STATUSES,
  ADMIN_ROLES,
  COUPON_DISCOUNT_TYPES,
  COUPON_DURATIONS,
  COUPON_STATUSES,
  COUPON_TARGETS,
  DISCUSSION_KINDS,
  DISCUSSION_NOTIFICATION_KINDS,
  DISCUSSION_POST_STATUSES,
  ENROLLMENT_SOURCES,
  ENROLLMENT_STATUSES,
  LESSON_TYPES,
  LEVELS,
  NEWSLETTER_STATUSES,
  LIVE_SUBSCRIPTION_STATUSES,
  MAIL_KINDS,
  DATA_EXPORT_STATUSES,
  MAIL_STATUSES,
  ORDER_KINDS,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  INVOICE_KINDS,
  PAGE_SECTION_COPIES,
  LEGAL_PAGES,
  NAVIGATION_AREAS,
  SOCIAL_NETWORKS,
  PAGE_SECTION_KINDS,
  PAYMENT_PROVIDERS,
  PLAYBOOK_CATEGORIES,
  POST_CATEGORIES,
  PUBLISH_STATUSES,
  QUIZ_QUESTION_KINDS,
  ROLES,
  SUBSCRIPTION_PLANS,
  PAYMENT_PLAN_STATUSES,
  type PaymentPlanStatus,
  SUBSCRIPTION_STATUSES,
  TESTIMONIAL_SOURCES,
  VIDEO_PROVIDERS,
  VIDEO_STREAM_STATUSES,
  type EnrollmentStatus,
  type LessonType,
  type Level,
  type NewsletterStatus,
  type CouponDuration,
  type CouponStatus,
  type OrderStatus,
  type PostCategory,
  type PublishStatus,
  type QuizQuestionKind,
  type Role,
  type SubscriptionStatus,
  type VideoProvider,
} from "../../lib/domain-values";
import { DEFAULT_SITE_SETTINGS, MEMBERSHIP_TRIAL_DAYS_MAX } from "../../lib/site-settings";

/**
 * The whole database, one table per concept. See docs/decisions/002-one-table-per-concept.md
 * for how the spec's duplicate tables became these.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** `('a', 'b')`: a list of stored values as SQL, for check constraints. */
const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ")})`);

/** `column in ('a', 'b')`: the check constraint for a column that stores one of a value list. */
const inList = (column: string, values: readonly string[]) => sql`${sql.raw(column)} in ${sqlList(values)}`;

// ---------------------------------------------------------------------------
// Accounts (Better Auth's model; property names are the ones it expects)
// ---------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role")
      .notNull()
      .default("user" satisfies Role),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    headline: text("headline").notNull().default(""),
    bio: text("bio").notNull().default(""),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The last request of this person signed in, written at most once per few minutes (users/last-seen.server.ts). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** Set at the first Stripe checkout, so a returning buyer is one Stripe customer. */
    stripeCustomerId: text("stripe_customer_id").unique(),
    ...timestamps,
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ${sqlList(["", ...ROLES])}`),
    // The admin users list sorts by each of these, with the id as the tie-break (email has its unique index).
    index("users_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_name_idx").on(t.name, t.id),
    index("users_last_sign_in_idx").on(t.lastSignInAt.desc().nullsLast(), t.id),
    index("users_last_seen_idx").on(t.lastSeenAt.desc().nullsLast(), t.id),
    // "Does any admin exist?" (first run) and "how many super admins?" (role rules) read only these rows.
    index("users_admin_role_idx")
      .on(t.role)
      .where(sql`${t.role} in ${sqlList(ADMIN_ROLES)}`),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  alg: text("alg"),
  crv: text("crv"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

/** Better Auth's rate-limit counters, in the database so several app instances share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Courses and curriculum
// ---------------------------------------------------------------------------

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** The spec's subtitle, short_description, blurb and summary: one column. */
    subtitle: text("subtitle").notNull().default(""),
    longDescriptionMd: text("long_description_md").notNull().default(""),
    coverUrl: text("cover_url"),
    priceCents: integer("price_cents").notNull().default(0),
    level: text("level")
      .notNull()
      .default("Beginner" satisfies Level),
    topics: text("topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    track: text("track").notNull().default(""),
    outcomes: text("outcomes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status")
      .notNull()
      .default("draft" satisfies PublishStatus),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * Counts every change to the course or its curriculum, from either editor. The Edit Course
     * form sends the one it was opened on, and a save is refused when it has moved (docs/decisions/011).
     */
    revision: integer("revision").notNull().default(1),
    /** Learners who complete every lesson get a certificate (issue 24). */
    certificatesEnabled: boolean("certificates_enabled").notNull().default(false),
    /** Learners get one e-mail a day at most listing the lessons added since the day before (issue 25). */
    newLessonMail: boolean("new_lesson_mail").notNull().default(false),
    /**
     * The course's payment plan (docs/decisions/069): `plan_payments` monthly payments of
     * `plan_instalment_cents` each (2–12, may total more than the price). Both null: no plan.
     */
    planPayments: integer("plan_payments"),
    planInstalmentCents: integer("plan_instalment_cents"),
    ...timestamps,
  },
  (t) => [
    check("courses_price_check", sql`${t.priceCents} >= 0`),
    check(
      "courses_payment_plan_check",
      sql`(${t.planPayments} is null and ${t.planInstalmentCents} is null) or (${t.planPayments} between 2 and 12 and ${t.planInstalmentCents} > 0)`,
    ),
    check("courses_revision_check", sql`${t.revision} >= 1`),
    check("courses_level_check", inList("level", LEVELS)),
    check("courses_status_check", inList("status", PUBLISH_STATUSES)),
    // The catalog's newest order (published_at desc nulls last, id), which the featured courses and
    // the sitemap use too. Published courses always have a published_at, so nulls last loses nothing.
    index("courses_status_published_idx").on(t.status, t.publishedAt.desc().nullsLast(), t.id),
    // The admin course list's order (updated_at desc, id desc). A plain DESC is NULLS FIRST, so the
    // index says so: DESC NULLS LAST (drizzle's default for .desc()) cannot serve that ORDER BY.
    index("courses_updated_at_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_topics_idx").using("gin", t.topics),
    index("courses_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("courses_subtitle_trgm_idx").using("gin", t.subtitle.op("gin_trgm_ops")),
    // The admin course list searches the slug too.
    index("courses_slug_trgm_idx").using("gin", t.slug.op("gin_trgm_ops")),
  ],
);

/**
 * A course's order bump (docs/decisions/067): another course offered in a box at its checkout, at
 * a special price, with a short pitch. At most one per course; the price is read at payment time.
 */
export const courseBumps = pgTable(
  "course_bumps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Whose checkout offers it: a course, a bundle (docs/decisions/071) or a membership plan
     * (`monthly`/`yearly`, docs/decisions/074): exactly one of the three, each with at most one bump.
     */
    courseId: uuid("course_id")
      .unique()
      .references(() => courses.id, { onDelete: "cascade" }),
    bundleId: uuid("bundle_id")
      .unique()
      .references((): AnyPgColumn => bundles.id, { onDelete: "cascade" }),
    membershipPlan: text("membership_plan").unique(),
    /** What it offers: a course, or a bundle (docs/decisions/074): exactly one of the two. */
    offerCourseId: uuid("offer_course_id").references(() => courses.id, { onDelete: "cascade" }),
    offerBundleId: uuid("offer_bundle_id").references((): AnyPgColumn => bundles.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    pitch: text("pitch").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("course_bumps_offer_course_idx").on(t.offerCourseId),
    index("course_bumps_offer_bundle_idx").on(t.offerBundleId),
    check("course_bumps_price_check", sql`${t.priceCents} >= 0`),
    check("course_bumps_other_course_check", sql`${t.offerCourseId} <> ${t.courseId}`),
    check("course_bumps_other_bundle_check", sql`${t.offerBundleId} <> ${t.bundleId}`),
    check("course_bumps_one_owner_check", sql`num_nonnulls(${t.courseId}, ${t.bundleId}, ${t.membershipPlan}) = 1`),
    check("course_bumps_one_offer_check", sql`num_nonnulls(${t.offerCourseId}, ${t.offerBundleId}) = 1`),
    check("course_bumps_membership_plan_check", sql`${t.membershipPlan} is null or ${inList("membership_plan", SUBSCRIPTION_PLANS)}`),
  ],
);

/**
 * The catalog's topics, the owner's (Admin → Topics): their names, the `?topic=` slug and their
 * order. A course names its topics in `courses.topics` by name; a rename rewrites those arrays in
 * the same transaction, and a topic a course uses cannot be deleted.
 */
export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("topics_name_lower_idx").on(sql`lower(${t.name})`), index("topics_position_idx").on(t.position, t.id)],
);

/**
 * Several courses sold as one at one price (docs/decisions/062). Its courses are `bundle_courses`,
 * in the order the page lists them. A published bundle has at least one published course (the
 * domain refuses to save one without).
 */
export const bundles = pgTable(
  "bundles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /** A cover like a course's: an uploaded course cover's URL has its responsive copies (docs/decisions/035). */
    coverUrl: text("cover_url"),
    priceCents: integer("price_cents").notNull(),
    status: text("status")
      .notNull()
      .default("draft" satisfies PublishStatus),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * The bundle's payment plan (docs/decisions/073), as a course's (069): `plan_payments` monthly
     * payments of `plan_instalment_cents` each (2–12, may total more than the price). Both null: no plan.
     */
    planPayments: integer("plan_payments"),
    planInstalmentCents: integer("plan_instalment_cents"),
    ...timestamps,
  },
  (t) => [
    check("bundles_price_check", sql`${t.priceCents} >= 0`),
    check(
      "bundles_payment_plan_check",
      sql`(${t.planPayments} is null and ${t.planInstalmentCents} is null) or (${t.planPayments} between 2 and 12 and ${t.planInstalmentCents} > 0)`,
    ),
    check("bundles_status_check", inList("status", PUBLISH_STATUSES)),
    index("bundles_status_published_idx").on(t.status, t.publishedAt.desc().nullsLast(), t.id),
    index("bundles_updated_at_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * One-click upsells (docs/decisions/070, 075): a course's or a bundle's offer shown once right after
 * it is paid, of another course or a bundle (exactly one) at a special price, with a short pitch. At
 * most one per course or bundle (the table keeps its first name); the domain refuses a draft or
 * deleted offer (`saveUpsell`).
 */
export const courseUpsells = pgTable(
  "course_upsells",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The product whose purchase is followed by the offer: a course or (docs/decisions/075) a bundle, exactly one. */
    courseId: uuid("course_id")
      .unique()
      .references(() => courses.id, { onDelete: "cascade" }),
    bundleId: uuid("bundle_id")
      .unique()
      .references(() => bundles.id, { onDelete: "cascade" }),
    offerCourseId: uuid("offer_course_id").references(() => courses.id, { onDelete: "cascade" }),
    offerBundleId: uuid("offer_bundle_id").references(() => bundles.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    pitch: text("pitch").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("course_upsells_offer_course_idx").on(t.offerCourseId),
    index("course_upsells_offer_bundle_idx").on(t.offerBundleId),
    check("course_upsells_price_check", sql`${t.priceCents} >= 0`),
    check("course_upsells_one_offer_check", sql`num_nonnulls(${t.offerCourseId}, ${t.offerBundleId}) = 1`),
    check("course_upsells_other_course_check", sql`${t.offerCourseId} is null or ${t.offerCourseId} <> ${t.courseId}`),
    check("course_upsells_one_owner_check", sql`num_nonnulls(${t.courseId}, ${t.bundleId}) = 1`),
    check("course_upsells_other_bundle_check", sql`${t.offerBundleId} is null or ${t.offerBundleId} <> ${t.bundleId}`),
  ],
);

/** A bundle's courses, in `position` order (from 0). */
export const bundleCourses = pgTable(
  "bundle_courses",
  {
    bundleId: uuid("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.courseId] }), index("bundle_courses_course_idx").on(t.courseId)],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull(),
    /**
     * Drip (issue 24): the module's lessons open this many days after the learner's access began,
     * or on this date; neither means at once. Free previews and admins ignore it.
     */
    dripDays: integer("drip_days"),
    dripDate: timestamp("drip_date", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("course_modules_position_check", sql`${t.position} >= 1`),
    check("course_modules_drip_check", sql`${t.dripDays} is null or ${t.dripDate} is null`),
    check("course_modules_drip_days_check", sql`${t.dripDays} is null or ${t.dripDays} between 1 and 3650`),
    index("course_modules_course_position_idx").on(t.courseId, t.position),
    // The target of lessons' (module_id, course_id) foreign key; id alone is already unique.
    unique("course_modules_id_course_unique").on(t.id, t.courseId),
  ],
);

export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Null for the course's flat lessons, listed before its modules (docs/decisions/012). */
    moduleId: uuid("module_id"),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    type: text("type")
      .notNull()
      .default("video" satisfies LessonType),
    summary: text("summary").notNull().default(""),
    contentMd: text("content_md").notNull().default(""),
    videoProvider: text("video_provider")
      .notNull()
      .default("youtube" satisfies VideoProvider),
    videoUrl: text("video_url"),
    videoStoragePath: text("video_storage_path"),
    embedCode: text("embed_code"),
    /** The owner's WebVTT captions for the uploaded video, in the course-videos bucket (docs/decisions/026). */
    captionsPath: text("captions_path"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    orderIndex: integer("order_index").notNull(),
    isPreview: boolean("is_preview").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique("lessons_course_slug_unique").on(t.courseId, t.slug),
    // A lesson's module belongs to the lesson's course. MATCH SIMPLE: a null module_id (a flat
    // lesson) is not checked. Deleting the module deletes its lessons.
    foreignKey({
      name: "lessons_module_same_course_fk",
      columns: [t.moduleId, t.courseId],
      foreignColumns: [courseModules.id, courseModules.courseId],
    }).onDelete("cascade"),
    check("lessons_type_check", inList("type", LESSON_TYPES)),
    check("lessons_video_provider_check", inList("video_provider", VIDEO_PROVIDERS)),
    check("lessons_duration_check", sql`${t.durationSeconds} >= 0`),
    check("lessons_order_index_check", sql`${t.orderIndex} >= 1`),
    index("lessons_course_order_idx").on(t.courseId, t.orderIndex),
    index("lessons_module_order_idx").on(t.moduleId, t.orderIndex),
  ],
);

/**
 * A lesson's downloadable files (issue 38): PDFs, ZIPs and images, up to 50 MB each, in the
 * course-videos bucket at `{courseId}/files/{lessonId}/{stamp}-{name}` and served only to viewers
 * the lesson's access rule allows (GET /api/lessons/:lessonId/files/:fileId).
 */
export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    /** The name the file is listed and downloaded under: the uploaded name, made safe. */
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    ...timestamps,
  },
  (t) => [check("lesson_files_size_check", sql`${t.sizeBytes} >= 0`), index("lesson_files_lesson_idx").on(t.lessonId, t.createdAt)],
);

/**
 * The adaptive stream (HLS) made from a lesson's uploaded video by the transcoding job
 * (docs/decisions/026): one row per lesson, for the upload at `source_path`. Its files live in the
 * course-videos bucket under `hls_prefix`; the original upload stays and plays until it is ready.
 */
export const lessonVideoStreams = pgTable(
  "lesson_video_streams",
  {
    lessonId: uuid("lesson_id")
      .primaryKey()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** The upload (lessons.video_storage_path) this stream is made from; a job for another is stale. */
    sourcePath: text("source_path").notNull(),
    status: text("status").notNull().default("queued"),
    /** 0–100 while processing. */
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    /** `{courseId}/hls/{lessonId}-{stamp}`: master.m3u8, poster.jpg and one folder per rendition. */
    hlsPrefix: text("hls_prefix"),
    /** Rendition heights, lowest first (360, 720, 1080). */
    renditions: integer("renditions")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    durationSeconds: integer("duration_seconds"),
    ...timestamps,
  },
  (t) => [
    check("lesson_video_streams_status_check", inList("status", VIDEO_STREAM_STATUSES)),
    check("lesson_video_streams_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    /** Set when an admin hides the review: it leaves the course page, the rating and the count. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    unique("reviews_course_user_unique").on(t.courseId, t.userId),
    // The course page's latest reviews (created_at desc, id). Every list index below spells out
    // nulls first: a plain DESC is NULLS FIRST, and drizzle's .desc() alone means DESC NULLS LAST.
    index("reviews_course_created_idx").on(t.courseId, t.createdAt.desc().nullsFirst(), t.id),
    // The admin reviews list, every course's reviews newest first (created_at desc, id desc).
    index("reviews_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------------------
// Access: enrollments, their audit trail, first-run owner setup
// ---------------------------------------------------------------------------

/** Who may open a course's lessons. The spec's course_enrollments and course_access are this table. */
export const enrollments = pgTable(
  "enrollments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    status: text("status")
      .notNull()
      .default("active" satisfies EnrollmentStatus),
    source: text("source").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    check("enrollments_status_check", inList("status", ENROLLMENT_STATUSES)),
    check("enrollments_source_check", inList("source", ENROLLMENT_SOURCES)),
    index("enrollments_course_status_idx").on(t.courseId, t.status),
  ],
);

/**
 * How many active enrollments each course has, kept by triggers on `enrollments` (drizzle/0024),
 * so course cards and the catalog's "Most popular" order read one row per course instead of
 * counting every enrollment (issue 21). A course with none may have no row.
 */
export const courseLearnerCounts = pgTable("course_learner_counts", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  learners: integer("learners").notNull().default(0),
});

/**
 * Audit trail: every grant, revoke, purchase, refund and role change, written in the same
 * transaction as the change. It outlives what it names: deleting a user, a course or the acting
 * admin sets the reference to null and the snapshot columns (e-mails, course title) still say
 * who and what. See docs/decisions/013-users-access-and-first-run.md.
 */
export const accessEvents = pgTable(
  "access_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    /** The person whose access or role changed. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull().default(""),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** Null for events without a course (role changes). */
    courseTitle: text("course_title"),
    /** Who did it; null for the system (checkout, the command line). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** Why the person has the access (grants and purchases). */
    source: text("source"),
    /** Role changes: from and to. */
    fromRole: text("from_role"),
    toRole: text("to_role"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("access_events_type_check", inList("type", ACCESS_EVENT_TYPES)),
    check("access_events_source_check", sql`${t.source} is null or ${inList("source", ENROLLMENT_SOURCES)}`),
    check(
      "access_events_roles_check",
      sql`(${t.fromRole} is null or ${inList("from_role", ROLES)}) and (${t.toRole} is null or ${inList("to_role", ROLES)})`,
    ),
    // One person's history and one course's history, newest first.
    index("access_events_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("access_events_course_created_idx").on(t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * First run: one-time codes for the "Create the owner account" form, issued at start while no
 * admin exists. Only a hash is kept; creating the owner deletes them all.
 */
export const ownerSetupCodes = pgTable("owner_setup_codes", {
  id: uuid("id").primaryKey().defaultRandom(),
  codeHash: text("code_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// Certificates (docs/decisions/028) and drip schedules' overrides (docs/decisions/030)
// ---------------------------------------------------------------------------

/**
 * A certificate of completion (issue 24): issued once per learner and course when the learner has
 * completed every lesson of a course with certificates on. The id is the unguessable part of its
 * public address; `number` is what the PDF prints. The learner's name and the course's title are
 * kept as they were, so the certificate reads the same after a rename or a deletion.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    learnerName: text("learner_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [unique("certificates_user_course_unique").on(t.userId, t.courseId), index("certificates_course_idx").on(t.courseId)],
);

/** "Open everything now" for one learner on one drip course (issue 24), set from their admin page. */
export const dripOverrides = pgTable(
  "drip_overrides",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * A course's instructors (issue 42, docs/decisions/057): people the owner names to answer and moderate
 * that course's discussions. Staff there, nowhere else; who named them is in the audit trail.
 */
export const courseInstructors = pgTable(
  "course_instructors",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_instructors_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------
// Mail to learners: opt-outs and announcements (docs/decisions/031)
// ---------------------------------------------------------------------------

/**
 * Addresses that asked for no more marketing mail (issue 24 and 25: drip notices, announcements),
 * from the one-click link every such message carries. Receipts and account mail still go out.
 */
export const mailOptOuts = pgTable("mail_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An e-mail the owner writes to a group of learners (issue 25). Sending is a job: it lists the
 * audience, skips addresses that unsubscribed or bounced, and queues one message per address
 * (keyed by announcement and address, so nobody gets it twice); the counts follow the mail log.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    bodyMd: text("body_md").notNull(),
    audience: text("audience").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    status: text("status").notNull().default("sending"),
    recipientCount: integer("recipient_count").notNull().default(0),
    queuedCount: integer("queued_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Made when the form opens: a second submit of the same form (a double click) finds this row instead of sending again. */
    sendKey: text("send_key").notNull().unique(),
    ...timestamps,
  },
  (t) => [
    check("announcements_audience_check", inList("audience", ANNOUNCEMENT_AUDIENCES)),
    check("announcements_status_check", inList("status", ANNOUNCEMENT_STATUSES)),
    // The admin list's order (created_at desc, id desc); a plain DESC is NULLS FIRST.
    index("announcements_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------------------
// Learning: lesson progress
// ---------------------------------------------------------------------------

export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), check("lesson_progress_position_check", sql`${t.positionSeconds} >= 0`)],
);

// ---------------------------------------------------------------------------
// Quizzes (docs/decisions/024): a quiz lesson's settings and questions, and learners' attempts
// ---------------------------------------------------------------------------

/** A quiz lesson's rules. Kept when the lesson's type changes, so switching back loses nothing. */
export const quizzes = pgTable(
  "quizzes",
  {
    lessonId: uuid("lesson_id")
      .primaryKey()
      .references(() => lessons.id, { onDelete: "cascade" }),
    passPercent: integer("pass_percent").notNull().default(70),
    /** Null: unlimited attempts. */
    maxAttempts: integer("max_attempts"),
    shuffleQuestions: boolean("shuffle_questions").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("quizzes_pass_percent_check", sql`${t.passPercent} between 0 and 100`),
    check("quizzes_max_attempts_check", sql`${t.maxAttempts} is null or ${t.maxAttempts} >= 1`),
  ],
);

/** One question: its options in order, and which of them (indexes from 0) are correct. */
export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => quizzes.lessonId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull().$type<QuizQuestionKind>(),
    prompt: text("prompt").notNull(),
    options: text("options").array().notNull(),
    correctOptions: integer("correct_options").array().notNull(),
    explanation: text("explanation").notNull().default(""),
  },
  (t) => [
    check("quiz_questions_kind_check", inList("kind", QUIZ_QUESTION_KINDS)),
    check("quiz_questions_position_check", sql`${t.position} >= 1`),
    check("quiz_questions_options_check", sql`cardinality(${t.options}) >= 2`),
    check("quiz_questions_correct_check", sql`cardinality(${t.correctOptions}) >= 1`),
    index("quiz_questions_lesson_position_idx").on(t.lessonId, t.position),
  ],
);

/** A learner's graded submission; numbered per learner and quiz, so the attempts limit is a unique key too. */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number").notNull(),
    correctCount: integer("correct_count").notNull(),
    questionCount: integer("question_count").notNull(),
    scorePercent: integer("score_percent").notNull(),
    passed: boolean("passed").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("quiz_attempts_number_unique").on(t.lessonId, t.userId, t.attemptNumber),
    check("quiz_attempts_score_check", sql`${t.scorePercent} between 0 and 100`),
    // A learner's attempts, newest first (submitted_at desc, attempt_number desc); a plain DESC is NULLS FIRST.
    index("quiz_attempts_user_idx").on(t.userId, t.submittedAt.desc().nullsFirst(), t.attemptNumber.desc().nullsFirst()),
  ],
);

/** What the learner chose for each question of an attempt, and whether it was right. */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    chosen: integer("chosen").array().notNull(),
    correct: boolean("correct").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index("quiz_answers_question_idx").on(t.questionId)],
);

// ---------------------------------------------------------------------------
// Saved courses: a learner's list
// ---------------------------------------------------------------------------

export const savedCourses = pgTable(
  "saved_courses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

// ---------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull().default(""),
    contentMd: text("content_md").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text("category")
      .notNull()
      .default("Announcements" satisfies PostCategory),
    status: text("status")
      .notNull()
      .default("draft" satisfies PublishStatus),
    coverUrl: text("cover_url"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    viewCount: integer("view_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("posts_status_check", inList("status", PUBLISH_STATUSES)),
    check("posts_category_check", inList("category", POST_CATEGORIES)),
    check("posts_counts_check", sql`${t.viewCount} >= 0 and ${t.readingMinutes} >= 1`),
    index("posts_status_published_idx").on(t.status, t.publishedAt.desc()),
    // The admin post list's order (updated_at desc, id desc); a plain DESC is NULLS FIRST.
    index("posts_updated_at_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The dashboard's recent posts (created_at desc, id desc).
    index("posts_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("posts_excerpt_trgm_idx").using("gin", t.excerpt.op("gin_trgm_ops")),
  ],
);

// ---------------------------------------------------------------------------
// Analytics: post and course views (docs/decisions/029)
// ---------------------------------------------------------------------------

/** One row per post, visitor and day, so a view counts once a day. */
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.visitorHash, t.day] })],
);

/** One row per course page, visitor and day, so a view counts once a day (Admin → Analytics, docs/decisions/029). */
export const courseViews = pgTable(
  "course_views",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.visitorHash, t.day] }), index("course_views_day_idx").on(t.day, t.courseId)],
);

// ---------------------------------------------------------------------------
// Marketing content
// ---------------------------------------------------------------------------

export const playbooks = pgTable(
  "playbooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    imageUrl: text("image_url"),
    duration: text("duration").notNull().default(""),
    level: text("level")
      .notNull()
      .default("Beginner" satisfies Level),
    description: text("description").notNull().default(""),
    /** Null means "Included in membership". */
    priceCents: integer("price_cents"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    popularity: integer("popularity").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("playbooks_category_check", inList("category", PLAYBOOK_CATEGORIES)),
    check("playbooks_level_check", inList("level", LEVELS)),
    check("playbooks_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    index("playbooks_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    avatarUrl: text("avatar_url"),
    rating: integer("rating").notNull(),
    quote: text("quote").notNull(),
    category: text("category").notNull(),
    source: text("source").notNull(),
    givenOn: date("given_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("testimonials_rating_check", sql`${t.rating} between 1 and 5`),
    check("testimonials_category_check", inList("category", PLAYBOOK_CATEGORIES)),
    check("testimonials_source_check", inList("source", TESTIMONIAL_SOURCES)),
    // The page's default order (given_on desc, rating desc, name); a plain DESC is NULLS FIRST.
    index("testimonials_given_on_idx").on(t.givenOn.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.name),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    status: text("status")
      .notNull()
      .default("pending" satisfies NewsletterStatus),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When the confirmation link was last mailed, so repeated sign-ups cannot flood an inbox. */
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }),
    /**
     * Where the person consented, for an address imported from elsewhere (issue 39): "Webinar
     * sign-up sheet", "Old Mailchimp list". Null for the site's own double opt-in; `confirmedAt`
     * is the date of the consent either way.
     */
    consentSource: text("consent_source"),
    /** The import that added or confirmed the address (its audit row), if one did. */
    importId: uuid("import_id").references(() => newsletterImports.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${t.email})`),
    check("newsletter_subscribers_status_check", inList("status", NEWSLETTER_STATUSES)),
  ],
);

/**
 * The audit trail of Admin → Subscribers → Import (issue 39): who imported which file, when, and
 * what it did. Each import is one transaction with the rows it adds or confirms.
 */
export const newsletterImports = pgTable("newsletter_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
  /** Kept as it was, as the access trail does: the actor's account may be deleted later. */
  actorEmail: text("actor_email").notNull(),
  fileName: text("file_name").notNull().default(""),
  rowCount: integer("row_count").notNull(),
  /** New addresses, confirmed on import. */
  addedCount: integer("added_count").notNull(),
  /** Pending addresses the file confirms. */
  confirmedCount: integer("confirmed_count").notNull(),
  /** Addresses already confirmed (a second import of the same file changes nothing). */
  unchangedCount: integer("unchanged_count").notNull(),
  /** Addresses that unsubscribed here: an import never subscribes them again. */
  skippedUnsubscribedCount: integer("skipped_unsubscribed_count").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

// ---------------------------------------------------------------------------
// Mail: the log of every message, the durable queue's record (docs/decisions/018)
// ---------------------------------------------------------------------------

/**
 * Every message the site sends, written in the same transaction as the job that delivers it
 * (app/server/mail/mail-queue.server.ts). `idempotency_key` names the message (one receipt per
 * order, one confirmation per token): a second enqueue with the same key adds nothing, and a
 * delivery retried after the message went out sees `sent` and stops.
 */
export const mailLog = pgTable(
  "mail_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_log_created_idx").on(t.createdAt.desc(), t.id),
    index("mail_log_to_trgm_idx").using("gin", t.to.op("gin_trgm_ops")),
    check("mail_log_kind_check", inList("kind", MAIL_KINDS)),
    check("mail_log_status_check", inList("status", MAIL_STATUSES)),
  ],
);

// ---------------------------------------------------------------------------
// Commerce
// ---------------------------------------------------------------------------

/**
 * One purchase attempt: a course, or the first payment of a membership. It keeps what was sold as
 * it was sold (title, amount, currency, the buyer's e-mail), so a later price change, a renamed or
 * deleted course or a deleted account does not rewrite history. `client_reference_id` of a Stripe
 * Checkout Session is this row's id.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull().default(""),
    /**
     * A guest checkout (no one signed in; docs/decisions/048): the buyer gave only this e-mail and
     * `customer_name`, and the paying transaction finds or makes the account the order belongs to.
     */
    guestCheckout: boolean("guest_checkout").notNull().default(false),
    customerName: text("customer_name").notNull().default(""),
    kind: text("kind").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** The bundle a `bundle` order sold (docs/decisions/062). */
    bundleId: uuid("bundle_id").references(() => bundles.id, { onDelete: "set null" }),
    plan: text("plan"),
    /** The course title, or the membership's name, at the time of sale. */
    itemTitle: text("item_title").notNull().default(""),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status")
      .notNull()
      .default("pending" satisfies OrderStatus),
    provider: text("provider").notNull(),
    /** The provider's checkout (a Stripe Checkout Session id; a generated id in test mode). */
    checkoutSessionId: text("checkout_session_id").unique(),
    /** The provider's payment (a Stripe PaymentIntent id for a course, the subscription's first invoice for a membership). */
    paymentId: text("payment_id").unique(),
    /** The membership this order started. */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** A membership started with a free trial of this many days (docs/decisions/066): nothing is charged now. */
    trialDays: integer("trial_days"),
    /** The price before a coupon; `amount_cents` is what was paid (list price minus discount). */
    listPriceCents: integer("list_price_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The coupon redeemed, and its code as typed at the sale (kept if the coupon is edited or deleted). */
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    /**
     * The tax charged, part of `amount_cents` (docs/decisions/054): Stripe Tax's amount, or the
     * owner's rate for the buyer's country in test mode (`tax_rate_basis_points`, 2000 = 20%).
     * The sum of its lines' tax (`order_lines`, docs/decisions/061).
     */
    taxCents: integer("tax_cents").notNull().default(0),
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The buyer's billing details when given (the test checkout's form, or Stripe's customer details). */
    buyerName: text("buyer_name"),
    buyerAddress: text("buyer_address"),
    buyerCountry: text("buyer_country"),
    buyerTaxId: text("buyer_tax_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The affiliate whose link brought the buyer (docs/decisions/063); null when none, or when the referral was refused. */
    affiliateId: uuid("affiliate_id").references((): AnyPgColumn => affiliates.id, { onDelete: "set null" }),
    /** The checkout showed an order bump beside what it sold (the bumps' take rate, docs/decisions/067). */
    bumpOffered: boolean("bump_offered").notNull().default(false),
    /** A payment plan's later instalment: the plan it pays (docs/decisions/069). The first instalment is the plan's own order. */
    paymentPlanId: uuid("payment_plan_id").references((): AnyPgColumn => paymentPlans.id, { onDelete: "set null" }),
    /** Which instalment of its plan this order pays (1 for the plan's first order); null outside plans. */
    instalmentNumber: integer("instalment_number"),
    /** The first instalment of a plan of this many payments: its payment starts the plan (docs/decisions/069). */
    planPayments: integer("plan_payments"),
    /**
     * One-click upsells (docs/decisions/070): when the offer page after this order's payment was
     * shown (claimed once, so it never shows twice) and what the buyer answered (`accepted`,
     * `declined`). The upsell itself is another order, linked by its `upsell_of_order_id`.
     */
    upsellShownAt: timestamp("upsell_shown_at", { withTimezone: true }),
    upsellAnswer: text("upsell_answer"),
    /** An upsell's order: the paid order whose offer page sold it (at most one per order). */
    upsellOfOrderId: uuid("upsell_of_order_id")
      .unique()
      .references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("orders_upsell_answer_check", sql`${t.upsellAnswer} is null or ${t.upsellAnswer} in ('accepted', 'declined')`),
    check("orders_kind_check", inList("kind", ORDER_KINDS)),
    check("orders_status_check", inList("status", ORDER_STATUSES)),
    check("orders_provider_check", inList("provider", PAYMENT_PROVIDERS)),
    check("orders_amount_check", sql`${t.amountCents} >= 0`),
    check("orders_discount_check", sql`${t.discountCents} >= 0 and ${t.listPriceCents} >= 0`),
    check("orders_tax_check", sql`${t.taxCents} >= 0 and ${t.taxCents} <= ${t.amountCents}`),
    // A coupon's redemptions are its pending and paid orders: counted under the coupon's row lock.
    index("orders_coupon_idx").on(t.couponId, t.userId),
    check("orders_plan_check", sql`${t.plan} is null or ${inList("plan", SUBSCRIPTION_PLANS)}`),
    // The orders lists' order (created_at desc, id desc), with or without a person or a status. A
    // plain DESC is NULLS FIRST, so the indexes say so: DESC NULLS LAST cannot serve that ORDER BY.
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's order search: the buyer's e-mail or what was bought.
    index("orders_customer_email_trgm_idx").using("gin", t.customerEmail.op("gin_trgm_ops")),
    index("orders_item_title_trgm_idx").using("gin", t.itemTitle.op("gin_trgm_ops")),
  ],
);

/**
 * A checkout a signed-in person opened (the checkout page with a course or a plan): one row per
 * person and product, its time moved by each visit, so an hour after the last one a job can remind
 * them once (`reminded_at`, set by the UPDATE that claims the row: two workers never both send).
 */
export const checkoutStarts = pgTable(
  "checkout_starts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `course:<id>`, `bundle:<id>` or `membership:<plan>`: what was on the page. */
    productKey: text("product_key").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    /** A bundle's checkout (docs/decisions/071). */
    bundleId: uuid("bundle_id").references((): AnyPgColumn => bundles.id, { onDelete: "cascade" }),
    plan: text("plan"),
    /** The code the page applied (none when it was refused), so the reminder's link carries it. */
    couponCode: text("coupon_code"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    unique("checkout_starts_user_product_unique").on(t.userId, t.productKey),
    check("checkout_starts_plan_check", sql`${t.plan} is null or ${inList("plan", SUBSCRIPTION_PLANS)}`),
    // The reminder job reads the rows not yet reminded, by time.
    index("checkout_starts_due_idx")
      .on(t.startedAt)
      .where(sql`${t.remindedAt} is null`),
  ],
);

/**
 * What an order sold, one row per thing (docs/decisions/061). The order keeps its totals
 * (`orders.list_price_cents`, `discount_cents`, `tax_cents`, `amount_cents`): each is the sum of
 * its lines', written in the same transaction. A line's amount is what was paid for it (its list
 * price minus its discount, plus its tax); it is refunded on its own (`refunded_at`).
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The lines' order on the receipt, from 0. */
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** A `bundle` line's bundle, and the courses it opens as it was sold (docs/decisions/062). */
    bundleId: uuid("bundle_id").references(() => bundles.id, { onDelete: "set null" }),
    bundleCourseIds: uuid("bundle_course_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    plan: text("plan"),
    /** The course title, or the membership's name, at the time of sale. */
    title: text("title").notNull(),
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("order_lines_order_position_idx").on(t.orderId, t.position),
    index("order_lines_course_idx").on(t.courseId),
    // "Does another paid order cover this course?" reads the bundle lines holding it.
    index("order_lines_bundle_courses_idx").using("gin", t.bundleCourseIds),
    check("order_lines_kind_check", inList("kind", ORDER_LINE_KINDS)),
    check("order_lines_plan_check", sql`${t.plan} is null or ${inList("plan", SUBSCRIPTION_PLANS)}`),
    check(
      "order_lines_amounts_check",
      sql`${t.listPriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.listPriceCents} and ${t.taxCents} >= 0 and ${t.amountCents} >= 0 and ${t.taxCents} <= ${t.amountCents}`,
    ),
  ],
);

/**
 * Discount codes. `code` is stored upper-cased, so codes are unique whatever the case they are
 * typed in. A coupon's redemptions are the orders that carry it (pending or paid).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    status: text("status")
      .notNull()
      .default("active" satisfies CouponStatus),
    discountType: text("discount_type").notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    appliesTo: text("applies_to").notNull(),
    /** The courses of an `applies_to = 'courses'` coupon. */
    courseIds: uuid("course_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** For the membership: the first payment only, or every payment. */
    duration: text("duration")
      .notNull()
      .default("first-payment" satisfies CouponDuration),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    maxPerCustomer: integer("max_per_customer"),
    ...timestamps,
  },
  (t) => [
    check("coupons_status_check", inList("status", COUPON_STATUSES)),
    check("coupons_discount_type_check", inList("discount_type", COUPON_DISCOUNT_TYPES)),
    check("coupons_applies_to_check", inList("applies_to", COUPON_TARGETS)),
    check("coupons_duration_check", inList("duration", COUPON_DURATIONS)),
    check(
      "coupons_amount_check",
      sql`(${t.discountType} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.discountType} = 'amount' and ${t.amountOffCents} > 0)`,
    ),
    check("coupons_limits_check", sql`coalesce(${t.maxRedemptions}, 1) > 0 and coalesce(${t.maxPerCustomer}, 1) > 0`),
    check("coupons_dates_check", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    index("coupons_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops")),
  ],
);

export type Coupon = typeof coupons.$inferSelect;

/**
 * The all-courses membership. Statuses are Stripe's; access follows the status and the period
 * end (see MEMBERSHIP_ACCESS_STATUSES), never a flag. At most one live subscription per user.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    status: text("status")
      .notNull()
      .default("active" satisfies SubscriptionStatus),
    provider: text("provider").notNull(),
    /** Stripe's subscription id (`sub_…`); a generated id in test mode. */
    providerSubscriptionId: text("provider_subscription_id").unique(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** The end of its free trial (docs/decisions/066); null: it started paid. One trial per account, ever (the index below). */
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    /** When the trial's first charge was paid: the trial became a paying membership. */
    trialConvertedAt: timestamp("trial_converted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("subscriptions_plan_check", inList("plan", SUBSCRIPTION_PLANS)),
    uniqueIndex("subscriptions_one_trial_per_user_idx").on(t.userId).where(sql`${t.trialEndsAt} is not null`),
    check("subscriptions_status_check", inList("status", SUBSCRIPTION_STATUSES)),
    check("subscriptions_provider_check", inList("provider", PAYMENT_PROVIDERS)),
    index("subscriptions_user_idx").on(t.userId),
    uniqueIndex("subscriptions_one_live_per_user_idx")
      .on(t.userId)
      .where(sql`${t.status} in ${sqlList(LIVE_SUBSCRIPTION_STATUSES)}`),
  ],
);

/**
 * Webhook events already handled, by the provider's event id. The row is written in the same
 * transaction as the fulfilment it caused, so a replayed or concurrent duplicate changes nothing.
 */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type CourseModule = typeof courseModules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type Enrollment = typeof enrollments.$inferSelect;
export type AccessEvent = typeof accessEvents.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Playbook = typeof playbooks.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderLine = typeof orderLines.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type PaymentWebhookEvent = typeof paymentWebhookEvents.$inferSelect;

// ---------------------------------------------------------------------------
// Site settings: one row, what the owner changes without a code change
// ---------------------------------------------------------------------------

/**
 * The school's name, words, logo and prices. The primary key can only be `true`, so the table
 * holds one row at most; the migration that creates it inserts that row from these defaults.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: boolean("id").primaryKey().default(true),
    schoolName: text("school_name").notNull().default(DEFAULT_SITE_SETTINGS.schoolName),
    tagline: text("tagline").notNull().default(DEFAULT_SITE_SETTINGS.tagline),
    supportEmail: text("support_email").notNull().default(DEFAULT_SITE_SETTINGS.supportEmail),
    logoUrl: text("logo_url").default(DEFAULT_SITE_SETTINGS.logoUrl!),
    membershipMonthlyCents: integer("membership_monthly_cents").notNull().default(DEFAULT_SITE_SETTINGS.membershipMonthlyCents),
    membershipYearlyCents: integer("membership_yearly_cents").notNull().default(DEFAULT_SITE_SETTINGS.membershipYearlyCents),
    courseFallbackPriceCents: integer("course_fallback_price_cents").notNull().default(DEFAULT_SITE_SETTINGS.courseFallbackPriceCents),
    /** The membership's free trial in days; 0: no trial (docs/decisions/066). */
    membershipTrialDays: integer("membership_trial_days").notNull().default(DEFAULT_SITE_SETTINGS.membershipTrialDays),
    /** The school's identity (issue 38, docs/decisions/051). An empty sender falls back to MAIL_FROM; an empty Reply-To to the support address. */
    senderName: text("sender_name").notNull().default(DEFAULT_SITE_SETTINGS.senderName),
    senderEmail: text("sender_email").notNull().default(DEFAULT_SITE_SETTINGS.senderEmail),
    replyTo: text("reply_to").notNull().default(DEFAULT_SITE_SETTINGS.replyTo),
    brandColor: text("brand_color").notNull().default(DEFAULT_SITE_SETTINGS.brandColor),
    faviconUrl: text("favicon_url"),
    currency: text("currency").notNull().default(DEFAULT_SITE_SETTINGS.currency),
    timeZone: text("time_zone").notNull().default(DEFAULT_SITE_SETTINGS.timeZone),
    dateFormat: text("date_format").notNull().default(DEFAULT_SITE_SETTINGS.dateFormat),
    /** The seller on invoices (docs/decisions/047): not public, so not in the root loader's settings. */
    sellerLegalName: text("seller_legal_name").notNull().default(""),
    sellerAddress: text("seller_address").notNull().default(""),
    sellerTaxNumber: text("seller_tax_number").notNull().default(""),
    /** Tax is added at checkout: Stripe Tax in Stripe mode, the `tax_rates` in test mode (docs/decisions/054). */
    taxEnabled: boolean("tax_enabled").notNull().default(false),
    /** One reminder e-mail for a checkout a signed-in person started and did not pay (payments/checkout-reminders.server.ts). */
    checkoutRemindersEnabled: boolean("checkout_reminders_enabled").notNull().default(true),
    /** Days a payment plan stays overdue before its access is paused (docs/decisions/069). */
    planGraceDays: integer("plan_grace_days").notNull().default(DEFAULT_SITE_SETTINGS.planGraceDays),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id}`),
    check("site_settings_school_name_check", sql`length(trim(${t.schoolName})) > 0`),
    check(
      "site_settings_prices_check",
      sql`${t.membershipMonthlyCents} >= 0 and ${t.membershipYearlyCents} >= 0 and ${t.courseFallbackPriceCents} >= 0`,
    ),
    check("site_settings_plan_grace_days_check", sql`${t.planGraceDays} between 0 and 60`),
    check("site_settings_trial_days_check", sql`${t.membershipTrialDays} between 0 and ${sql.raw(String(MEMBERSHIP_TRIAL_DAYS_MAX))}`),
  ],
);

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

// ---------------------------------------------------------------------------
// Payment plans (issue 40, docs/decisions/069)
// ---------------------------------------------------------------------------

/**
 * A course bought in `payments` monthly instalments of `instalment_cents`. The first instalment is
 * the order that opened the course (`order_id`); each later one is an order of its own that names
 * this plan (`orders.payment_plan_id`). `paid_count` counts the instalments paid; `next_due_at` is
 * the next one's date (null once completed or ended). Status: active → (a payment fails) overdue →
 * (grace period over) paused → (paid) active; active → completed after the last; canceled; refunded.
 */
export const paymentPlans = pgTable(
  "payment_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references((): AnyPgColumn => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    /** A bundle's plan (docs/decisions/073): the courses are its first order's line's, as sold. */
    bundleId: uuid("bundle_id").references(() => bundles.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    payments: integer("payments").notNull(),
    paidCount: integer("paid_count").notNull().default(0),
    instalmentCents: integer("instalment_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    /** Stripe's subscription that charges the later instalments (Stripe mode). */
    providerSubscriptionId: text("provider_subscription_id").unique(),
    status: text("status")
      .notNull()
      .default("active" satisfies PaymentPlanStatus),
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    /** When the instalment due failed first; the grace period counts from here. */
    overdueSince: timestamp("overdue_since", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("payment_plans_status_check", inList("status", PAYMENT_PLAN_STATUSES)),
    check("payment_plans_payments_check", sql`${t.payments} between 2 and 12`),
    check("payment_plans_paid_check", sql`${t.paidCount} between 0 and ${t.payments}`),
    check("payment_plans_instalment_check", sql`${t.instalmentCents} > 0`),
    index("payment_plans_user_idx").on(t.userId, t.courseId),
    index("payment_plans_status_due_idx").on(t.status, t.nextDueAt),
  ],
);

export type PaymentPlan = typeof paymentPlans.$inferSelect;

// ---------------------------------------------------------------------------
// Discussions under lessons (issue 42, docs/decisions/044)
// ---------------------------------------------------------------------------

/**
 * A thread's opening post (`parent_id` null: a question or a comment on the lesson) or a reply to
 * one (`parent_id` the opening post; one level only, replies to replies are refused). The body is
 * kept as written and as sanitised HTML, rendered once at write time. `by_staff` is the author's
 * standing when they wrote it (the badge, and staff answers first). A deleted post with replies
 * keeps its row with an empty body ("deleted"); without replies it is removed.
 */
export const discussionPosts = pgTable(
  "discussion_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id"),
    /** Opening posts only. */
    kind: text("kind"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    byStaff: boolean("by_staff").notNull().default(false),
    bodyMd: text("body_md").notNull(),
    bodyHtml: text("body_html").notNull(),
    status: text("status").notNull().default("visible"),
    /** Why staff hid it, shown to its author. */
    hiddenReason: text("hidden_reason"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** Opening posts: visible replies, kept with each reply written or removed. */
    replyCount: integer("reply_count").notNull().default(0),
    /** Questions: when the asker or staff marked it answered. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Opening posts: the latest reply's time (or its own), for "newest" and the inbox. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "discussion_posts_parent_fk", columns: [t.parentId], foreignColumns: [t.id] }).onDelete("cascade"),
    check(
      "discussion_posts_kind_check",
      sql`(${t.parentId} is null) = (${t.kind} is not null) and (${t.kind} is null or ${inList("kind", DISCUSSION_KINDS)})`,
    ),
    check("discussion_posts_status_check", inList("status", DISCUSSION_POST_STATUSES)),
    check("discussion_posts_body_check", sql`char_length(${t.bodyMd}) <= 5000`),
    // A lesson's threads, newest first; a thread's replies in order.
    index("discussion_posts_lesson_idx")
      .on(t.lessonId, t.lastActivityAt.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index("discussion_posts_parent_idx").on(t.parentId, t.createdAt),
    // The inbox and the course's Discussions page: every thread of a course.
    index("discussion_posts_course_idx")
      .on(t.courseId, t.lastActivityAt.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // The dashboard: unanswered questions, oldest first.
    index("discussion_posts_unanswered_idx")
      .on(t.createdAt)
      .where(sql`${t.parentId} is null and ${t.kind} = 'question' and ${t.answeredAt} is null and ${t.deletedAt} is null`),
    index("discussion_posts_author_idx").on(t.authorId),
  ],
);

/** "Helpful", once per person per post. */
export const discussionHelpfulMarks = pgTable(
  "discussion_helpful_marks",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => discussionPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Who follows a thread (its opening post): the author and everyone who replied, until they unfollow. */
export const discussionFollows = pgTable(
  "discussion_follows",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => discussionPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** False: the person unfollowed; kept so writing again does not follow them back. */
    following: boolean("following").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** One thing new for one person: the bell counts the unread, the hourly e-mail lists the unsent. */
export const discussionNotifications = pgTable(
  "discussion_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    postId: uuid("post_id").references(() => discussionPosts.id, { onDelete: "cascade" }),
    /** What the notification says (a hidden post's reason, a ban's reason). */
    note: text("note").notNull().default(""),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discussion_notifications_kind_check", inList("kind", DISCUSSION_NOTIFICATION_KINDS)),
    // The bell: one indexed count of a person's unread.
    index("discussion_notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index("discussion_notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("discussion_notifications_unsent_idx")
      .on(t.userId)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/** A person stopped from posting: until a moment, or for good (`until` null). Audited in access_events. */
export const discussionBans = pgTable("discussion_bans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  until: timestamp("until", { withTimezone: true }),
  reason: text("reason").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Discussion mail: a row per person who turned it off (account page or one-click unsubscribe), and when the last went out. */
export const discussionMailSettings = pgTable("discussion_mail_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
});

// ---------------------------------------------------------------------------
// The REST API's keys (docs/decisions/049-api-keys-and-rest-api.md)
// ---------------------------------------------------------------------------

/**
 * A key for /api/v1. The key itself is shown once, when it is made; only its SHA-256 is kept
 * (it has 256 random bits, so a slow hash would add nothing), with its first characters to
 * recognise it in the list. A revoked key stays, so the list and the audit trail can name it.
 */
/**
 * "Download my data" (issue 43; docs/decisions/060): one row per export asked for. The queue
 * builds the ZIP into the private bucket (`storage_key`) and mails its owner a link to
 * /account/data-export/:id, which only that person can open until `expires_at`. An expired
 * export's file is swept; its row stays so the link can say it expired.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin who asked for it at the person's request; null when the person asked. */
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("preparing"),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("data_exports_status_check", inList("status", DATA_EXPORT_STATUSES)),
    index("data_exports_user_idx").on(t.userId, t.requestedAt.desc()),
    index("data_exports_expires_idx").on(t.expiresAt).where(sql`${t.storageKey} is not null`),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The key's first characters ("osk_Ab3x…"), safe to show. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("api_keys_scopes_check", sql`${t.scopes} <@ array[${sql.raw(API_SCOPES.map((scope) => `'${scope}'`).join(", "))}]::text[]`),
    check("api_keys_name_check", sql`length(trim(${t.name})) between 1 and 100`),
    index("api_keys_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;

// ---------------------------------------------------------------------------
// Webhooks (docs/decisions/050-webhooks.md)
// ---------------------------------------------------------------------------

/**
 * Where the school sends its events. The secret signs every delivery (Standard Webhooks); it is
 * kept in clear because signing needs it, and shown to the owner once. An endpoint failing for
 * three days is disabled (`disabled_at`, with the reason) and its maker e-mailed.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    /** The first failed attempt since the last success; null while deliveries go through. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "webhook_endpoints_events_check",
      sql`${t.events} <@ array[${sql.raw(WEBHOOK_EVENTS.map((event) => `'${event}'`).join(", "))}]::text[]`,
    ),
    index("webhook_endpoints_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** One event for one endpoint: the body sent (the same on every attempt) and how the last attempt went. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header, the same on every attempt, so a receiver can drop repeats. */
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("webhook_deliveries_status_check", inList("status", WEBHOOK_DELIVERY_STATUSES)),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

// ---------------------------------------------------------------------------
// Invoices and credit notes (docs/decisions/047)
// ---------------------------------------------------------------------------

/**
 * The school's one invoice sequence (docs/decisions/047): a single row whose `last_number` is
 * raised, under its row lock, in the transaction that pays or refunds an order. A rolled-back
 * payment gives its number back with it, so the numbers never skip or repeat.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    id: boolean("id").primaryKey().default(true),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("invoice_counters_single_row", sql`${t.id}`), check("invoice_counters_last_number_check", sql`${t.lastNumber} >= 0`)],
);

/**
 * An invoice (a paid order) or a credit note (its refund), numbered from the school's one sequence,
 * with what it says kept as it was issued: the seller, the buyer and the amounts.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    /** A credit note for one line refunded on its own (docs/decisions/071); null for the whole order's documents. */
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "restrict" }),
    sequence: integer("sequence").notNull().unique(),
    /** `INV-2026-000123`: the year it was issued and the sequence. */
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    sellerLegalName: text("seller_legal_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    sellerTaxNumber: text("seller_tax_number").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** The buyer's address (lines, then the country) and tax ID, when given; empty otherwise. */
    buyerAddress: text("buyer_address").notNull().default(""),
    buyerTaxId: text("buyer_tax_id").notNull().default(""),
    itemTitle: text("item_title").notNull(),
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    couponCode: text("coupon_code"),
    taxCents: integer("tax_cents").notNull().default(0),
    /** What was paid (an invoice) or given back (a credit note), tax included; never negative. */
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
  },
  (t) => [
    check("invoices_kind_check", inList("kind", INVOICE_KINDS)),
    check(
      "invoices_amounts_check",
      sql`${t.totalCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} >= 0 and ${t.listPriceCents} >= 0`,
    ),
    // One invoice per order; one credit note per line refunded on its own, and one for the rest of the order.
    uniqueIndex("invoices_order_kind_idx")
      .on(t.orderId, t.kind)
      .where(sql`${t.orderLineId} is null`),
    uniqueIndex("invoices_order_line_idx")
      .on(t.orderLineId)
      .where(sql`${t.orderLineId} is not null`),
    check("invoices_line_credit_check", sql`${t.orderLineId} is null or ${t.kind} = 'credit_note'`),
    index("invoices_issued_idx").on(t.issuedAt),
  ],
);

export type Invoice = typeof invoices.$inferSelect;

/**
 * The owner's tax rate per buyer country, used by the test mode's checkout when tax is collected
 * (docs/decisions/054); Stripe Tax keeps its own. `rate_basis_points`: 2000 is 20%.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    country: text("country").primaryKey(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    ...timestamps,
  },
  (t) => [
    check("tax_rates_rate_check", sql`${t.rateBasisPoints} > 0 and ${t.rateBasisPoints} <= 10000`),
    check("tax_rates_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

// ---------------------------------------------------------------------------
// Pages built from sections (docs/decisions/046-pages-from-sections.md)
// ---------------------------------------------------------------------------

/**
 * A page the owner composes: the home page (`built_in`) or one of their own at /p/{slug}. Its
 * title and description are live as soon as they are saved; its sections are drafted apart.
 */
export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    builtIn: boolean("built_in").notNull().default(false),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    inHeader: boolean("in_header").notNull().default(false),
    inFooter: boolean("in_footer").notNull().default(false),
    /** When the draft last changed; later than `published_at` means there is something to publish. */
    draftChangedAt: timestamp("draft_changed_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("pages_slug_unique").on(t.slug)],
);
export type Page = typeof pages.$inferSelect;

/** One section of a page, in the draft or the published copy; `content` is checked by its kind's zod schema. */
export const pageSections = pgTable(
  "page_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    copy: text("copy").notNull(),
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    content: jsonb("content").notNull(),
    ...timestamps,
  },
  (t) => [
    check("page_sections_copy_check", inList("copy", PAGE_SECTION_COPIES)),
    check("page_sections_kind_check", inList("kind", PAGE_SECTION_KINDS)),
    index("page_sections_page_copy_position_idx").on(t.pageId, t.copy, t.position),
  ],
);
export type PageSection = typeof pageSections.$inferSelect;

/**
 * A legal page's Markdown (privacy, terms, refund policy). No row means the demo's text
 * (app/server/pages/legal-texts.server.ts). `text_changed_at` is the page's "Last updated" date: it
 * moves only when a save changes the text (docs/decisions/052-make-it-yours.md).
 */
export const legalPages = pgTable(
  "legal_pages",
  {
    slug: text("slug").primaryKey(),
    markdown: text("markdown").notNull(),
    textChangedAt: timestamp("text_changed_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  () => [check("legal_pages_slug_check", inList("slug", LEGAL_PAGES))],
);
export type LegalPage = typeof legalPages.$inferSelect;

/**
 * The owner's arrangement of one navigation list: a built-in link (its site path in `href`) or a
 * page of theirs (`page_id`), in order, with its label and whether it is hidden. An area with no
 * rows shows the site's default links (docs/decisions/052-make-it-yours.md).
 */
export const navigationLinks = pgTable(
  "navigation_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    area: text("area").notNull(),
    position: integer("position").notNull(),
    href: text("href").notNull().default(""),
    pageId: uuid("page_id").references(() => pages.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("navigation_links_area_check", inList("area", NAVIGATION_AREAS)),
    index("navigation_links_area_position_idx").on(t.area, t.position),
  ],
);

/** The school's social links, one per network, https only; shown in the footer. */
export const socialLinks = pgTable(
  "social_links",
  {
    network: text("network").primaryKey(),
    url: text("url").notNull(),
    position: integer("position").notNull(),
    ...timestamps,
  },
  () => [check("social_links_network_check", inList("network", SOCIAL_NETWORKS))],
);

// ---------------------------------------------------------------------------
// Affiliates (issue 41, docs/decisions/063-affiliates.md)
// ---------------------------------------------------------------------------

/** The affiliate program's rules: one row at most (like `site_settings`); no row reads as the defaults. */
export const affiliateSettings = pgTable(
  "affiliate_settings",
  {
    id: boolean("id").primaryKey().default(true),
    enabled: boolean("enabled").notNull().default(false),
    joinPolicy: text("join_policy")
      .notNull()
      .default("approval" satisfies AffiliateJoinPolicy),
    commissionType: text("commission_type")
      .notNull()
      .default("percent" satisfies CommissionType),
    /** Whole percent of what was paid before tax, for `percent`. */
    commissionPercent: integer("commission_percent").notNull().default(20),
    /** Per sale, for `fixed`, never more than what was paid. */
    commissionFixedCents: integer("commission_fixed_cents").notNull().default(0),
    cookieDays: integer("cookie_days").notNull().default(30),
    holdDays: integer("hold_days").notNull().default(30),
    /** Memberships: a commission on every payment (renewals too), or on the first payment only. */
    recurringCommissions: boolean("recurring_commissions").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("affiliate_settings_single_row", sql`${t.id}`),
    check("affiliate_settings_join_policy_check", inList("join_policy", AFFILIATE_JOIN_POLICIES)),
    check("affiliate_settings_commission_type_check", inList("commission_type", COMMISSION_TYPES)),
    check(
      "affiliate_settings_numbers_check",
      sql`${t.commissionPercent} between 0 and 100 and ${t.commissionFixedCents} >= 0 and ${t.cookieDays} between 1 and 365 and ${t.holdDays} between 0 and 365`,
    ),
  ],
);

/**
 * A person in the affiliate program. `code` is theirs (letters, digits, hyphens), unique whatever
 * its case. A commission of their own replaces the program's when `commission_type` is set; a
 * non-empty `course_ids` restricts their link to those courses (the membership included only when
 * unrestricted).
 */
export const affiliates = pgTable(
  "affiliates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    status: text("status")
      .notNull()
      .default("pending" satisfies AffiliateStatus),
    commissionType: text("commission_type"),
    commissionPercent: integer("commission_percent"),
    commissionFixedCents: integer("commission_fixed_cents"),
    courseIds: uuid("course_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** How they want to be paid (a PayPal address, a bank account), as they wrote it; only they and the owner see it. */
    payoutDetails: text("payout_details").notNull().default(""),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("affiliates_status_check", inList("status", AFFILIATE_STATUSES)),
    check("affiliates_code_check", sql`${t.code} ~ '^[A-Za-z0-9-]{3,40}$'`),
    check(
      "affiliates_commission_check",
      sql`${t.commissionType} is null or (${inList("commission_type", COMMISSION_TYPES)} and coalesce(${t.commissionPercent}, 0) between 0 and 100 and coalesce(${t.commissionFixedCents}, 0) >= 0)`,
    ),
    uniqueIndex("affiliates_code_lower_idx").on(sql`lower(${t.code})`),
    index("affiliates_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("affiliates_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type Affiliate = typeof affiliates.$inferSelect;

/** A counted click on an affiliate's link: one per visitor a day (a daily, unlinkable hash; no address or agent kept). */
export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.day, t.visitorHash] })],
);

/** A batch's payment to one affiliate: the commissions it settled carry its id. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    paidOn: date("paid_on").notNull(),
    reference: text("reference").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("affiliate_payouts_amount_check", sql`${t.amountCents} > 0`),
    index("affiliate_payouts_affiliate_idx").on(t.affiliateId, t.paidOn),
  ],
);

/**
 * What an affiliate earned on an order (`sale`), or gives back for a paid one later refunded
 * (`reversal`, negative, payable at once so the next payout takes it). Payable = pending and
 * `available_at` passed (the hold period, to outlast refunds).
 */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The order line it was earned on (a sale, or its reversal); null for a renewal and for commissions older than per-line ones. */
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    /** A membership's later payment (`renewal`): the subscription and the provider's invoice it was earned on. */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    providerInvoiceId: text("provider_invoice_id"),
    kind: text("kind").notNull(),
    /** What the commission was computed on: what was paid for the line (or the renewal) after the coupon, before tax. */
    baseCents: integer("base_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The product's title as sold (never the buyer). */
    itemTitle: text("item_title").notNull().default(""),
    state: text("state").notNull(),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    payoutId: uuid("payout_id").references(() => affiliatePayouts.id, { onDelete: "set null" }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("affiliate_commissions_kind_check", inList("kind", COMMISSION_KINDS)),
    check("affiliate_commissions_state_check", inList("state", COMMISSION_STATES)),
    check(
      "affiliate_commissions_amount_check",
      sql`(${t.kind} in ('sale', 'renewal') and ${t.amountCents} >= 0) or (${t.kind} = 'reversal' and ${t.amountCents} < 0)`,
    ),
    // One sale commission per order line; commissions written before lines had one per order.
    uniqueIndex("affiliate_commissions_sale_order_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'sale' and ${t.orderLineId} is null`),
    uniqueIndex("affiliate_commissions_sale_line_idx")
      .on(t.orderLineId)
      .where(sql`${t.kind} = 'sale'`),
    // One renewal commission per invoice, whatever number of times the provider sends it.
    uniqueIndex("affiliate_commissions_renewal_invoice_idx")
      .on(t.providerInvoiceId)
      .where(sql`${t.kind} = 'renewal'`),
    index("affiliate_commissions_affiliate_idx").on(t.affiliateId, t.state, t.availableAt),
  ],
);

export type AffiliateCommission = typeof affiliateCommissions.$inferSelect;

/** A person who signed up with an affiliate's referral cookie: counted once, for the affiliate whose link it was. */
export const affiliateSignups = pgTable(
  "affiliate_signups",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_signups_affiliate_idx").on(t.affiliateId, t.createdAt)],
);

export type Bundle = typeof bundles.$inferSelect;
