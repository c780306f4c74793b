/**
 * Every fixed list of values the database stores, declared once. `schema.ts` builds its check
 * constraints from these arrays; forms, filters and queries check input against the same ones.
 * The module imports nothing, so both the server and the browser may use it.
 *
 * A stored value is not display text. What people read is in the `*_LABELS` maps and what a URL
 * carries is in the `*_SLUGS` maps, both keyed by stored value, so a label or a URL can change
 * without touching the data. Some stored values happen to equal the spec's wording
 * ("AI & ChatGPT", "Beginner") because the first schema stored them that way; the demo content
 * and the check constraints use them, so they stay until a data migration turns them into slugs.
 */

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

/** An empty role in the database also means "user" (see `normalizeRole`). */
export const ROLES = ["user", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that count as admin (spec: admin and super_admin). */
export const ADMIN_ROLES = ["admin", "super_admin"] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  admin: "Admin",
  super_admin: "Super admin",
};

// ---------------------------------------------------------------------------------------------
// Courses and playbooks
// ---------------------------------------------------------------------------------------------

export const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export type Level = (typeof LEVELS)[number];

export const LEVEL_LABELS: Record<Level, string> = {
  Beginner: "Beginner",
  Intermediate: "Intermediate",
  Advanced: "Advanced",
};

/** The catalog's `?level=` values. */
export const LEVEL_SLUGS = {
  Beginner: "beginner",
  Intermediate: "intermediate",
  Advanced: "advanced",
} as const satisfies Record<Level, string>;

/**
 * The spec's topics: every school's defaults (drizzle/0043 adds them as rows of `topics`, which the
 * owner then renames, reorders or deletes in Admin → Topics). The demo's courses use them.
 */
export const TOPICS = ["Shopify", "AI & ChatGPT", "Automation", "Fulfillment", "Lovable"] as const;

/** Courses and posts. */
export const PUBLISH_STATUSES = ["draft", "published"] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = { draft: "Draft", published: "Published" };

export const LESSON_TYPES = ["video", "article", "quiz"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

export const LESSON_TYPE_LABELS: Record<LessonType, string> = { video: "Video", article: "Article", quiz: "Quiz" };

/** What a lesson is, in words, for a type read from a row ("Video" for anything unknown). */
export const lessonTypeLabel = (type: string) => (isOneOf(LESSON_TYPES, type) ? LESSON_TYPE_LABELS[type] : LESSON_TYPE_LABELS.video);

/** A quiz question's kind (docs/decisions/024): one answer, several answers, or True/False. */
export const QUIZ_QUESTION_KINDS = ["single", "multiple", "true_false"] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];

export const QUIZ_QUESTION_KIND_LABELS: Record<QuizQuestionKind, string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  true_false: "True / false",
};

export const VIDEO_PROVIDERS = ["upload", "youtube", "vimeo", "embed"] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** An uploaded video's adaptive stream (docs/decisions/026): waiting for a worker, being made, playable, or failed with a reason. */
export const VIDEO_STREAM_STATUSES = ["queued", "processing", "ready", "failed"] as const;
export type VideoStreamStatus = (typeof VIDEO_STREAM_STATUSES)[number];
export const VIDEO_STREAM_STATUS_LABELS: Record<VideoStreamStatus, string> = {
  queued: "Queued",
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
};

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** Admin → Reviews' filter: reviews on the course page, or hidden by an admin. */
export const REVIEW_VISIBILITIES = ["shown", "hidden"] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];
export const REVIEW_VISIBILITY_LABELS: Record<ReviewVisibility, string> = { shown: "Shown", hidden: "Hidden" };

export const ENROLLMENT_STATUSES = ["active", "revoked"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** What the Active / Revoked / No access badges of the admin's course list say. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  active: "Active",
  revoked: "Revoked",
};

export const ENROLLMENT_SOURCES = ["admin", "purchase", "membership", "free", "bundle"] as const;
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number];

export const ENROLLMENT_SOURCE_LABELS: Record<EnrollmentSource, string> = {
  admin: "Granted by an admin",
  purchase: "Purchase",
  membership: "Membership",
  free: "Free course",
  bundle: "Bundle purchase",
};

/**
 * The audit trail's events (`access_events.type`): course access granted or revoked, an order
 * paid or refunded, a membership that starts or ends (no course), and a change of a person's role.
 */
export const ACCESS_EVENT_TYPES = [
  "grant",
  "revoke",
  "purchase",
  "refund",
  "membership_started",
  "membership_ended",
  "role_change",
  "certificate_revoked",
  "drip_unlocked",
  "posting_banned",
  "posting_unbanned",
  "api_key_created",
  "api_key_revoked",
  "instructor_added",
  "instructor_removed",
  "api_write",
  "account_deleted",
  "affiliate_settings_changed",
  "affiliate_changed",
  "affiliate_commission_reversed",
  "affiliate_payout",
  "data_export_requested",
  "users_imported",
  "demo_removed",
] as const;
export type AccessEventType = (typeof ACCESS_EVENT_TYPES)[number];

export const ACCESS_EVENT_LABELS: Record<AccessEventType, string> = {
  grant: "Access granted",
  revoke: "Access revoked",
  purchase: "Purchased",
  refund: "Refunded",
  membership_started: "Membership started",
  membership_ended: "Membership ended",
  role_change: "Role changed",
  certificate_revoked: "Certificate revoked",
  drip_unlocked: "All lessons opened now",
  posting_banned: "Stopped from posting in discussions",
  posting_unbanned: "Allowed to post in discussions again",
  instructor_added: "Named instructor of the course",
  instructor_removed: "No longer instructor of the course",
  api_key_created: "API key created",
  api_key_revoked: "API key revoked",
  api_write: "Changed through the API",
  account_deleted: "Account deleted",
  affiliate_settings_changed: "Affiliate program changed",
  affiliate_changed: "Affiliate changed",
  affiliate_commission_reversed: "Affiliate commission reversed",
  affiliate_payout: "Affiliate paid out",
  data_export_requested: "Copy of their data requested",
  users_imported: "Imported from a CSV file",
  demo_removed: "Demo content removed",
};

// ---------------------------------------------------------------------------------------------
// The REST API (docs/decisions/049-api-keys-and-rest-api.md)
// ---------------------------------------------------------------------------------------------

/** What an API key may do: one scope per resource and verb that /api/v1 has an endpoint for. */
export const API_SCOPES = [
  "courses:read",
  "courses:write",
  "users:read",
  "users:write",
  "enrollments:read",
  "enrollments:write",
  "orders:read",
  "progress:read",
  "progress:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "courses:read": "Read courses, modules and lessons",
  "courses:write": "Publish and unpublish courses",
  "users:read": "Read users and search them by e-mail",
  "users:write": "Change users' names",
  "enrollments:read": "Read enrollments",
  "enrollments:write": "Grant and revoke course access",
  "orders:read": "Read orders",
  "progress:read": "Read learners' progress",
  "progress:write": "Mark lessons complete for learners",
};

// ---------------------------------------------------------------------------------------------
// Blog and marketing
// ---------------------------------------------------------------------------------------------

/** Playbooks and testimonials share these categories. */
export const PLAYBOOK_CATEGORIES = ["Shopify", "AI / ChatGPT", "Automation", "Execution"] as const;
export type PlaybookCategory = (typeof PLAYBOOK_CATEGORIES)[number];

/** A post takes a playbook category or is an announcement. */
export const POST_CATEGORIES = [...PLAYBOOK_CATEGORIES, "Announcements"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

/** Labels for post, playbook and testimonial categories (the spec's pills). */
export const CATEGORY_LABELS: Record<PostCategory, string> = {
  Shopify: "Shopify",
  "AI / ChatGPT": "AI / ChatGPT",
  Automation: "Automation",
  Execution: "Execution",
  Announcements: "Announcements",
};

/** The `?category=` values of the blog, playbooks and testimonials pages. */
export const CATEGORY_SLUGS = {
  Shopify: "shopify",
  "AI / ChatGPT": "ai-chatgpt",
  Automation: "automation",
  Execution: "execution",
  Announcements: "announcements",
} as const satisfies Record<PostCategory, string>;

export const TESTIMONIAL_SOURCES = ["email", "trustpilot", "x"] as const;
export type TestimonialSource = (typeof TESTIMONIAL_SOURCES)[number];

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const ORDER_KINDS = ["course", "membership", "bundle"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * What one line of an order sells (docs/decisions/061). An order's lines are what it sold; the
 * order's kind is its first line's. A `bump` line is the course ticked in the checkout's box beside
 * the first line (docs/decisions/067).
 */
export const ORDER_LINE_KINDS = ["course", "membership", "bundle", "bump", "upsell"] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];
export const ORDER_LINE_KIND_LABELS: Record<OrderLineKind, string> = {
  course: "Courses",
  membership: "Memberships",
  bundle: "Bundles",
  bump: "Order bumps",
  upsell: "Upsells",
};

/** `pending` until paid; `expired` when the checkout was abandoned; `failed` when the payment was refused. */
export const ORDER_STATUSES = ["pending", "paid", "refunded", "failed", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An invoice for a paid order, or the credit note of its refund (docs/decisions/047). */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  refunded: "Refunded",
  failed: "Failed",
  expired: "Expired",
};

/** Who took the money: Stripe, or the built-in test mode that charges nothing. */
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  stripe: "Stripe",
  test: "Test mode",
};

export const SUBSCRIPTION_PLANS = ["monthly", "yearly"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_PLAN_LABELS: Record<SubscriptionPlan, string> = {
  monthly: "Monthly",
  yearly: "Yearly",
};

/** Stripe's subscription statuses, as Stripe spells them. */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "canceled",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Payment overdue",
  incomplete: "Awaiting payment",
  incomplete_expired: "Expired",
  unpaid: "Unpaid",
  canceled: "Canceled",
  paused: "Paused",
};

/**
 * A live subscription is one Stripe may still bill: every status but the two final ones. A user has
 * at most one (a partial unique index on `subscriptions`).
 */
export const LIVE_SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "incomplete",
  "unpaid",
  "paused",
] as const satisfies readonly SubscriptionStatus[];

/**
 * The statuses that open every course, until `current_period_end`. `past_due` keeps access while
 * Stripe retries the renewal; `unpaid`, `paused` and `incomplete` do not.
 */
export const MEMBERSHIP_ACCESS_STATUSES = ["trialing", "active", "past_due"] as const satisfies readonly SubscriptionStatus[];

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** A disabled coupon is refused at checkout as if unknown; its orders keep it. */
export const COUPON_STATUSES = ["active", "disabled"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = { active: "Active", disabled: "Disabled" };

/** `percent`: percent_off of the list price; `amount`: amount_off_cents, never more than the price. */
export const COUPON_DISCOUNT_TYPES = ["percent", "amount"] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** What a coupon takes money off: the courses it names, every course, the membership, or every bundle (docs/decisions/062). */
export const COUPON_TARGETS = ["courses", "all-courses", "membership", "bundles"] as const;
export type CouponTarget = (typeof COUPON_TARGETS)[number];
export const COUPON_TARGET_LABELS: Record<CouponTarget, string> = {
  courses: "Chosen courses",
  "all-courses": "Every course",
  membership: "The membership",
  bundles: "Every bundle",
};

/** For the membership: the first payment only, or every renewal too. */
export const COUPON_DURATIONS = ["first-payment", "every-payment"] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];
export const COUPON_DURATION_LABELS: Record<CouponDuration, string> = {
  "first-payment": "First payment only",
  "every-payment": "Every payment",
};

// ---------------------------------------------------------------------------------------------
// Mail
// ---------------------------------------------------------------------------------------------

/** What a queued message is: every mail the site sends is one of these. */
export const MAIL_KINDS = [
  "verify-email",
  "existing-account",
  "reset-password",
  "newsletter-confirm",
  "contact",
  "receipt",
  "refund",
  "certificate",
  "drip",
  "announcement",
  "new-lessons",
  "discussions",
  "checkout-reminder",
  "data-export",
  "welcome",
  "trial-reminder",
  "other",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A "Download my data" export (issue 43): being built by the queue, ready to download, or failed. */
export const DATA_EXPORT_STATUSES = ["preparing", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** Marketing mail: it carries a one-click unsubscribe and is not sent to addresses that used it. */
export const MARKETING_MAIL_KINDS = ["drip", "announcement", "new-lessons", "checkout-reminder"] as const satisfies readonly MailKind[];

/** Who an announcement goes to (issue 25). */
export const ANNOUNCEMENT_AUDIENCES = ["course", "members", "customers", "newsletter"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  course: "Learners of one course",
  members: "All members",
  customers: "All customers",
  newsletter: "Newsletter subscribers",
};
export const ANNOUNCEMENT_STATUSES = ["sending", "sent"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = { sending: "Sending", sent: "Sent" };

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "verify-email": "Email confirmation",
  "existing-account": "Existing account",
  "reset-password": "Password reset",
  "newsletter-confirm": "Newsletter confirmation",
  contact: "Contact message",
  receipt: "Receipt",
  refund: "Refund notice",
  certificate: "Certificate",
  drip: "Lessons opened (drip)",
  announcement: "Announcement",
  "new-lessons": "New lessons",
  discussions: "Discussion news",
  "checkout-reminder": "Checkout reminder",
  "data-export": "Data export ready",
  welcome: "Welcome (imported learner)",
  "trial-reminder": "Membership trial ending",
  other: "Other",
};

/** queued: waiting or being retried; sent: accepted by the mail server (or written to the outbox); failed: out of attempts. */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** True when `value` is one of `values`; narrows a string from a URL, a form or a row. */
export function isOneOf<const V extends string>(values: readonly V[], value: unknown): value is V {
  return (values as readonly unknown[]).includes(value);
}

/** The value among `values` whose slug is `slug`, or null when none has it. */
export function valueForSlug<const V extends string>(
  values: readonly V[],
  slugs: Record<V, string>,
  slug: string | null | undefined,
): V | null {
  return values.find((value) => slugs[value] === slug) ?? null;
}

/** Discussions under lessons (issue 42, docs/decisions/044): what a thread opens with. */
export const DISCUSSION_KINDS = ["question", "comment"] as const;
export type DiscussionKind = (typeof DISCUSSION_KINDS)[number];
export const DISCUSSION_KIND_LABELS: Record<DiscussionKind, string> = { question: "Question", comment: "Comment" };

/** A post's state: shown, held for review (too many links), or hidden by staff with a reason. */
export const DISCUSSION_POST_STATUSES = ["visible", "held", "hidden"] as const;
export type DiscussionPostStatus = (typeof DISCUSSION_POST_STATUSES)[number];

/** What a notification tells its reader. */
export const DISCUSSION_NOTIFICATION_KINDS = ["reply", "answer", "follow", "hidden", "banned"] as const;
export type DiscussionNotificationKind = (typeof DISCUSSION_NOTIFICATION_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Webhooks (docs/decisions/050-webhooks.md)
// ---------------------------------------------------------------------------------------------

/** The events an endpoint can subscribe to: each is sent in the transaction of the change. */
export const WEBHOOK_EVENTS = [
  "order.paid",
  "order.refunded",
  "enrollment.created",
  "enrollment.revoked",
  "lesson.completed",
  "course.completed",
  "certificate.issued",
  "membership.started",
  "membership.ended",
  "user.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "order.paid": "An order is paid",
  "order.refunded": "An order is refunded",
  "enrollment.created": "A user gets access to a course",
  "enrollment.revoked": "A user loses access to a course",
  "lesson.completed": "A learner completes a lesson",
  "course.completed": "A learner completes every lesson of a course",
  "certificate.issued": "A certificate is issued",
  "membership.started": "A membership starts",
  "membership.ended": "A membership ends",
  "user.created": "A user account is created",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Pages (docs/decisions/046-pages-from-sections.md)
// ---------------------------------------------------------------------------------------------

/** The kinds of section a page is built from; each has its own content schema in ~/lib/page-sections. */
export const PAGE_SECTION_KINDS = [
  "hero",
  "featured_courses",
  "figures",
  "benefits",
  "testimonials",
  "instructor",
  "pricing",
  "faq",
  "call_to_action",
  "rich_text",
  "image_text",
] as const;
export type PageSectionKind = (typeof PAGE_SECTION_KINDS)[number];

export const PAGE_SECTION_KIND_LABELS: Record<PageSectionKind, string> = {
  hero: "Hero",
  featured_courses: "Featured courses",
  figures: "Figures",
  benefits: "Benefits",
  testimonials: "Testimonials",
  instructor: "Instructor",
  pricing: "Pricing",
  faq: "FAQ",
  call_to_action: "Call to action",
  rich_text: "Rich text",
  image_text: "Image with text",
};

/** A page's sections exist twice: the owner's working copy and what visitors see. */
export const PAGE_SECTION_COPIES = ["draft", "published"] as const;
export type PageSectionCopy = (typeof PAGE_SECTION_COPIES)[number];

/** The site's own pages built from sections; any other page is the owner's, at /p/{slug}. */
export const BUILT_IN_PAGES = ["home", "about", "pricing"] as const;
export type BuiltInPage = (typeof BUILT_IN_PAGES)[number];

/** The legal pages: Markdown the owner edits in Admin → Pages, at /privacy, /terms and /refund. */
export const LEGAL_PAGES = ["privacy", "terms", "refund"] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];

/** The lists of links the owner arranges in Admin → Pages → Navigation: the header's and the footer's three columns. */
export const NAVIGATION_AREAS = ["header", "footer_learn", "footer_company", "footer_legal"] as const;
export type NavigationArea = (typeof NAVIGATION_AREAS)[number];

/** The networks a social link may point to, shown in the footer in this order. */
export const SOCIAL_NETWORKS = ["x", "facebook", "instagram", "youtube", "linkedin", "tiktok"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  x: "X",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

// ---------------------------------------------------------------------------
// Affiliates (issue 41, docs/decisions/063-affiliates.md)
// ---------------------------------------------------------------------------

/** `pending`: asked to join, waiting for the owner; `approved`: their link pays; `paused`: their link is ignored for now; `removed`: out of the program. */
export const AFFILIATE_STATUSES = ["pending", "approved", "paused", "removed"] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  pending: "Pending approval",
  approved: "Approved",
  paused: "Paused",
  removed: "Removed",
};

/** Who may join: anyone signed in (approved at once), anyone after the owner approves, or only those the owner adds. */
export const AFFILIATE_JOIN_POLICIES = ["anyone", "approval", "invitation"] as const;
export type AffiliateJoinPolicy = (typeof AFFILIATE_JOIN_POLICIES)[number];
export const AFFILIATE_JOIN_POLICY_LABELS: Record<AffiliateJoinPolicy, string> = {
  anyone: "Anyone signed in",
  approval: "After I approve them",
  invitation: "Invitation only",
};

/** A commission is a percentage of what was paid before tax, or a fixed amount per sale. */
export const COMMISSION_TYPES = ["percent", "fixed"] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

/**
 * A commission's stored state. "Payable" is not stored: it is a pending commission whose hold
 * period is over (`available_at` has passed), so no job has to flip it.
 */
export const COMMISSION_STATES = ["pending", "paid", "reversed"] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];

/**
 * `sale`: earned on an order line; `renewal`: earned on a membership's later payment; `reversal`:
 * a paid commission's refund, taken from the next payout (negative).
 */
export const COMMISSION_KINDS = ["sale", "renewal", "reversal"] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
