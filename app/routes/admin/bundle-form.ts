import { z } from "~/lib/forms/zod";
import { BUNDLE_LIMITS, BUNDLE_MESSAGES } from "~/lib/bundles";
import { PUBLISH_STATUSES } from "~/lib/domain-values";
import { imageUrlField, moneyField, optionalText, requiredText, slugField } from "~/lib/forms/fields";
import { moneyExample, toDecimalAmount } from "~/lib/money";
import type { FormValues } from "~/lib/forms/parse-form";
import { isUuid } from "~/lib/uuid";

/**
 * What the bundle form sends and shows, as typed. Each course is a checkbox (`courseIds`) with its
 * position beside it (`position.<id>`); they are joined into `courseIds` ("id,id") and
 * `positions` ("id:2,id:1") so a refused form shows them again.
 */
export type BundleFormValues = {
  title: string;
  slug: string;
  description: string;
  coverUrl: string;
  price: string;
  status: string;
  courseIds: string;
  positions: string;
};

const FIELDS: (keyof BundleFormValues)[] = ["title", "slug", "description", "coverUrl", "price", "status", "courseIds", "positions"];

export const EMPTY_BUNDLE_FORM: BundleFormValues = {
  title: "",
  slug: "",
  description: "",
  coverUrl: "",
  price: "",
  status: "draft",
  courseIds: "",
  positions: "",
};

export function typedBundleValues(values: FormValues): BundleFormValues {
  return Object.fromEntries(FIELDS.map((name) => [name, values[name] ?? ""])) as BundleFormValues;
}

/** A saved bundle as the form shows it: the price in whole units of the school's currency, the courses numbered in their order. */
export function bundleFormValues(
  bundle: {
    title: string;
    slug: string;
    description: string;
    coverUrl: string | null;
    priceCents: number;
    status: string;
    courseIds: string[];
  },
  currency: string,
): BundleFormValues {
  return {
    title: bundle.title,
    slug: bundle.slug,
    description: bundle.description,
    coverUrl: bundle.coverUrl ?? "",
    price: toDecimalAmount(bundle.priceCents, currency).replace(/\.0+$/, ""),
    status: bundle.status,
    courseIds: bundle.courseIds.join(","),
    positions: bundle.courseIds.map((id, index) => `${id}:${index + 1}`).join(","),
  };
}

/** The positions typed beside the courses, by course id. */
export function positionsOf(positions: string) {
  return new Map(
    positions
      .split(",")
      .map((pair) => pair.split(":"))
      .filter(([id, position]) => isUuid(id ?? "") && /^\d+$/.test(position ?? ""))
      .map(([id, position]) => [id!, Number(position)]),
  );
}

/** The bundle form, its price read in the school's currency (a price in yen is whole yen). */
export const bundleForm = (currency: string) =>
  z
    .object({
      intent: z.literal("save"),
      title: requiredText("Enter a title", {
        max: BUNDLE_LIMITS.title,
        tooLong: `Keep the title to ${BUNDLE_LIMITS.title} characters or fewer`,
      }),
      slug: slugField({ max: BUNDLE_LIMITS.slug }),
      description: optionalText({
        max: BUNDLE_LIMITS.description,
        tooLong: `Keep the description to ${BUNDLE_LIMITS.description} characters or fewer`,
      }),
      coverUrl: imageUrlField(),
      price: moneyField({
        currency,
        invalid: `Enter a price in ${currency === "usd" ? "dollars" : currency.toUpperCase()}, like ${moneyExample(currency)}`,
        negative: BUNDLE_MESSAGES.negativePrice,
      }),
      status: z.enum(PUBLISH_STATUSES, { error: "Choose draft or published" }),
      courseIds: z
        .string()
        .optional()
        .transform((value) => [...new Set((value ?? "").split(",").filter((id) => isUuid(id)))]),
      positions: z.string().optional(),
    })
    .transform((form, context) => {
      if (form.courseIds.length === 0) context.addIssue({ code: "custom", path: ["courseIds"], message: "Choose at least one course" });
      if (form.courseIds.length > BUNDLE_LIMITS.courses) {
        context.addIssue({ code: "custom", path: ["courseIds"], message: `A bundle holds ${BUNDLE_LIMITS.courses} courses at most` });
      }
      const slug = form.slug || slugFromTitle(form.title);
      if (!slug) context.addIssue({ code: "custom", path: ["slug"], message: "Enter a slug of letters and digits" });
      // Ordered by the typed positions; a course without one goes after, in the list's order.
      const positions = positionsOf(form.positions ?? "");
      const courseIds = form.courseIds
        .map((id, index) => ({ id, index, position: positions.get(id) ?? Number.MAX_SAFE_INTEGER }))
        .sort((a, b) => a.position - b.position || a.index - b.index)
        .map((course) => course.id);
      return {
        title: form.title,
        slug,
        description: form.description,
        coverUrl: form.coverUrl || null,
        priceCents: form.price,
        status: form.status,
        courseIds,
      };
    });

function slugFromTitle(title: string) {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BUNDLE_LIMITS.slug);
}

/** The checkboxes share `courseIds` and each has its `position.<id>`: joined into one value each for the parser. */
export function bundleFormData(form: FormData) {
  const joined = new FormData();
  for (const [name, value] of form.entries()) if (name !== "courseIds" && !name.startsWith("position.")) joined.append(name, value);
  const ids = form.getAll("courseIds").filter((id): id is string => typeof id === "string");
  joined.set("courseIds", ids.join(","));
  joined.set(
    "positions",
    ids
      .map((id) => [id, form.get(`position.${id}`)])
      .filter(([, position]) => typeof position === "string" && position.trim() !== "")
      .map(([id, position]) => `${id}:${String(position).trim()}`)
      .join(","),
  );
  return joined;
}
