import { z } from "~/lib/forms/zod";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { LEVELS, type Level } from "~/lib/domain-values";
import { checkboxField, imageUrlField, optionalText, moneyField, requiredText, slugField } from "~/lib/forms/fields";
import { COURSE_LIMITS, LESSON_LIMITS } from "~/lib/forms/limits";
import { isUuid } from "~/lib/uuid";
import { toDecimalAmount } from "~/lib/money";

/**
 * The New/Edit Course form (one schema for both), read by the page for its inputs' names and
 * limits and parsed again by the action. Lists travel as indexed names, because a form sends
 * fields, not arrays: `topics.shopify` (valued with the name) for each ticked topic, `lessons.0.title`,
 * `lessons.0.id`, … for each row of the Lessons card, in order, and `removedLessons.0`, … for the
 * id of each saved lesson the admin removed (the only lessons a save deletes). The Edit form also
 * sends the course's `revision` it was opened on (docs/decisions/011).
 */

const tooLong = (max: number) => `Must be at most ${max.toLocaleString("en-US")} characters`;

/** A topic's checkbox: named by its slug, its value the topic's name (the owner's, Admin → Topics). */
export const topicInputName = (slug: string) => `topics.${slug}`;
const TOPIC_INPUT = /^topics\.[^.]{1,80}$/;

export type LessonField = "id" | "title" | "contentMd";
export const lessonInputName = (index: number, field: LessonField) => `lessons.${index}.${field}`;
const LESSON_INPUT = /^lessons\.(\d{1,4})\.(id|title|contentMd)$/;
export const removedLessonInputName = (index: number) => `removedLessons.${index}`;
const REMOVED_INPUT = /^removedLessons\.\d{1,4}$/;

/**
 * The submitted fields with the lists gathered: `topics` (the ticked names, in the form's order),
 * `lessons` (rows in order) and `removedLessons` (ids).
 */
function gatherLists(raw: unknown) {
  const fields = (raw ?? {}) as Record<string, string | undefined>;
  const rows = new Map<number, Partial<Record<LessonField, string>>>();
  const removed: string[] = [];
  const topics: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (TOPIC_INPUT.test(name) && value && !topics.includes(value)) topics.push(value);
    if (REMOVED_INPUT.test(name) && value) removed.push(value);
    const match = LESSON_INPUT.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    rows.set(index, { ...rows.get(index), [match[2]]: value });
  }
  return {
    ...fields,
    topics,
    lessons: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
    removedLessons: removed,
  };
}

const lessonRow = z.object({
  // A row for an existing lesson carries its id; a new row has none. Anything else cannot be fixed
  // by the person typing, so it reads as a stale form.
  id: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUuid(value), COURSE_MESSAGES.lessonsChanged),
  title: requiredText(COURSE_MESSAGES.lessonTitleRequired, { max: LESSON_LIMITS.title }),
  contentMd: z
    .string()
    .max(LESSON_LIMITS.contentMd, tooLong(LESSON_LIMITS.contentMd))
    .optional()
    .transform((value) => value ?? ""),
});

/** One outcome a line; blank lines dropped. */
const outcomesField = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(COURSE_LIMITS.outcome, `Each outcome must be at most ${COURSE_LIMITS.outcome} characters`))
      .max(COURSE_LIMITS.outcomes, `List at most ${COURSE_LIMITS.outcomes} outcomes`),
  );

/** The fields of the course form; the price is typed in the school's currency. */
const courseFields = (currency: string) => ({
  // Title and short description carry the same message: the spec has one for both (§5).
  title: requiredText(COURSE_MESSAGES.required, { max: COURSE_LIMITS.title }),
  slug: slugField({ max: COURSE_LIMITS.slug }),
  shortDescription: requiredText(COURSE_MESSAGES.required, { max: COURSE_LIMITS.shortDescription }),
  // Markdown keeps its whitespace.
  longDescriptionMd: z
    .string()
    .max(COURSE_LIMITS.longDescriptionMd, tooLong(COURSE_LIMITS.longDescriptionMd))
    .optional()
    .transform((value) => value ?? ""),
  price: moneyField({ currency, maxMinor: COURSE_LIMITS.priceCents }),
  level: z.enum(LEVELS).catch("Beginner"),
  // Checked against the owner's topics by the action (they live in the database).
  topics: z.array(z.string().max(COURSE_LIMITS.topicName)).max(COURSE_LIMITS.topics),
  track: optionalText({ max: COURSE_LIMITS.track }),
  outcomes: outcomesField,
  isFeatured: checkboxField,
  coverUrl: imageUrlField({ max: COURSE_LIMITS.coverUrl }),
  lessons: z.array(lessonRow).max(COURSE_LIMITS.formLessons, `A course holds at most ${COURSE_LIMITS.formLessons} lessons here`),
});

/** Ids of saved lessons the admin removed; a malformed one reads as a stale form, as for rows. */
const removedLessonsField = z
  .array(z.string().refine(isUuid, COURSE_MESSAGES.lessonsChanged))
  .max(COURSE_LIMITS.formLessons, `A course holds at most ${COURSE_LIMITS.formLessons} lessons here`);

/**
 * The revision of the course the Edit form was opened on. A missing or malformed one matches no
 * course (revisions start at 1), so such a save is refused as stale rather than saved blind.
 */
const revisionField = z.coerce.number().int().min(1).catch(0);

const editFields = (currency: string) => ({ ...courseFields(currency), revision: revisionField, removedLessons: removedLessonsField });

/** A new course: Save Draft or Publish. */
export const newCourseForm = (currency: string) =>
  z.preprocess(
    gatherLists,
    z.discriminatedUnion(
      "intent",
      [
        z.object({ intent: z.literal("draft"), ...courseFields(currency) }),
        z.object({ intent: z.literal("publish"), ...courseFields(currency) }),
      ],
      { error: COURSE_MESSAGES.saveFailed },
    ),
  );

/** An existing course: the same, or delete it. */
export const editCourseForm = (currency: string) =>
  z.preprocess(
    gatherLists,
    z.discriminatedUnion(
      "intent",
      [
        z.object({ intent: z.literal("draft"), ...editFields(currency) }),
        z.object({ intent: z.literal("publish"), ...editFields(currency) }),
        z.object({ intent: z.literal("delete") }),
      ],
      { error: COURSE_MESSAGES.saveFailed },
    ),
  );

/** The course list's buttons: publish, unpublish, delete, each for one course. */
export const courseListForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), id: z.string() }),
  z.object({ intent: z.literal("unpublish"), id: z.string() }),
  z.object({ intent: z.literal("delete"), id: z.string() }),
]);

/** A row of the Lessons card as the form holds it; `key` tells rows apart while none has an id yet. */
export type LessonRowValues = { key: string; id: string; title: string; contentMd: string };

/** The form's fields as the page holds them (text, plus the lists). */
export type CourseFormValues = {
  title: string;
  slug: string;
  shortDescription: string;
  longDescriptionMd: string;
  price: string;
  level: Level;
  topics: string[];
  track: string;
  outcomes: string;
  isFeatured: boolean;
  coverUrl: string;
  lessons: LessonRowValues[];
  /** Ids of saved lessons removed from the Lessons card, deleted when the form is saved. */
  removedLessons: string[];
};

/** A change to the form's state: the fields to merge, or a function of the current values giving them. */
export type CourseFormChange = (changes: Partial<CourseFormValues> | ((current: CourseFormValues) => Partial<CourseFormValues>)) => void;

export const EMPTY_COURSE: CourseFormValues = {
  title: "",
  slug: "",
  shortDescription: "",
  longDescriptionMd: "",
  price: "0",
  level: "Beginner",
  topics: [],
  track: "",
  outcomes: "",
  isFeatured: false,
  coverUrl: "",
  lessons: [],
  removedLessons: [],
};

/** What a refused save shows again: exactly what was typed, field by field and row by row. */
export function typedCourseValues(values: Record<string, string>): CourseFormValues {
  const gathered = gatherLists(values);
  const pick = (name: keyof typeof values) => values[name] ?? "";
  const level = pick("level");
  return {
    title: pick("title"),
    slug: pick("slug"),
    shortDescription: pick("shortDescription"),
    longDescriptionMd: pick("longDescriptionMd"),
    price: pick("price"),
    level: LEVELS.find((known) => known === level) ?? "Beginner",
    topics: gathered.topics,
    track: pick("track"),
    outcomes: pick("outcomes"),
    isFeatured: checkboxField.parse(values.isFeatured),
    coverUrl: pick("coverUrl"),
    lessons: gathered.lessons.map((row, index) => ({
      key: row.id || `typed-${index}`,
      id: row.id ?? "",
      title: row.title ?? "",
      contentMd: row.contentMd ?? "",
    })),
    removedLessons: gathered.removedLessons,
  };
}

/** "197.00" from 19700 cents in USD, "500" from 500 in JPY: the price input's value. */
export const priceInputValue = (minorUnits: number, currency: string) => toDecimalAmount(minorUnits, currency);
