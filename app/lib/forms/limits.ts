/**
 * The limits the shared fields enforce, for inputs' `maxLength`/`minLength`. Kept apart from
 * fields.ts so a page that only needs a number (the footer's newsletter box is on every page)
 * does not load zod.
 */
export const EMAIL_MAX = 254;
/** §9: minimum password length 6. The upper bound keeps hashing cheap. */
export const PASSWORD_MIN = 6;
/**
 * The owner and every admin hold the school (issue 36): at least 12 characters wherever their
 * password is set (owner setup, `npm run admin create`, ADMIN_PASSWORD, their own password changes
 * and resets, a password set for them) and checked at their sign-in, which is how a promotion takes
 * effect (docs/decisions/040).
 */
export const ADMIN_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const SLUG_MAX = 300;
/** A person's full name. */
export const PERSON_NAME_MAX = 100;
/** The contact form (§5). */
export const CONTACT_LIMITS = { name: 120, email: EMAIL_MAX, message: 5000 } as const;
/** A ceiling no real price reaches, so cents stay a safe integer. */
export const PRICE_MAX_DOLLARS = 1_000_000;

/**
 * Courses, modules and lessons: the one set of limits for their columns, whichever screen writes
 * them (New/Edit Course, the course builder's Details, modules and lessons). Both screens' zod
 * schemas, parsed again in their actions, and their inputs' `maxLength` read these, so what one
 * screen saves the other accepts. The columns themselves are unbounded `text`: these are the only
 * limits. Where the screens used to differ, the larger value was kept, so nothing saved before is
 * refused now.
 */
export const COURSE_LIMITS = {
  title: 300,
  slug: SLUG_MAX,
  /** The short description (the `subtitle` column). */
  shortDescription: 300,
  /** The long description, Markdown (the builder's Description). */
  longDescriptionMd: 200_000,
  track: 80,
  /** A topic's name (Admin → Topics) and how many one course may carry. */
  topicName: 60,
  topics: 50,
  outcomes: 20,
  outcome: 200,
  coverUrl: 2000,
  /** A price no course reaches: $10,000,000.00. */
  priceCents: 1_000_000_000,
  /** Rows the Edit Course form's Lessons card saves at once. */
  formLessons: 200,
} as const;

export const MODULE_LIMITS = {
  title: 300,
  description: 5000,
  /** Drip: a module opens at most ten years after access began. */
  dripDays: 3650,
} as const;

export const LESSON_LIMITS = {
  title: 300,
  slug: SLUG_MAX,
  summary: 2000,
  contentMd: 200_000,
  videoUrl: 2000,
  embedCode: 10_000,
  storagePath: 512,
  /** A week, longer than any lesson. */
  durationSeconds: 7 * 24 * 3600,
} as const;

/** A learner's review of a course (issue 24): plain text, shown as written. */
export const REVIEW_LIMITS = { comment: 2000 } as const;
