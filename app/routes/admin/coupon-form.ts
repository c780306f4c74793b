import { z } from "~/lib/forms/zod";
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN, COUPON_MESSAGES, normalizeCouponCode, type CouponInput } from "~/lib/coupons";
import { COUPON_DISCOUNT_TYPES, COUPON_DURATIONS, COUPON_TARGETS } from "~/lib/domain-values";
import { formatIsoDay } from "~/lib/dates";
import { moneyField } from "~/lib/forms/fields";
import { formatPrice, moneyExample, toDecimalAmount } from "~/lib/money";
import type { FormValues } from "~/lib/forms/parse-form";
import { isUuid } from "~/lib/uuid";

/** What the coupon form sends and shows: text as typed; `courseIds` comma-separated (one checkbox each). */
export type CouponFormValues = {
  code: string;
  discountType: string;
  percentOff: string;
  amountOff: string;
  appliesTo: string;
  courseIds: string;
  duration: string;
  startsOn: string;
  endsOn: string;
  maxRedemptions: string;
  maxPerCustomer: string;
};

const FIELDS: (keyof CouponFormValues)[] = [
  "code",
  "discountType",
  "percentOff",
  "amountOff",
  "appliesTo",
  "courseIds",
  "duration",
  "startsOn",
  "endsOn",
  "maxRedemptions",
  "maxPerCustomer",
];

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: "",
  discountType: "percent",
  percentOff: "",
  amountOff: "",
  appliesTo: "all-courses",
  courseIds: "",
  duration: "first-payment",
  startsOn: "",
  endsOn: "",
  maxRedemptions: "",
  maxPerCustomer: "1",
};

/** What was typed, every field present, for a refused form to show again. */
export function typedCouponValues(values: FormValues): CouponFormValues {
  return Object.fromEntries(FIELDS.map((name) => [name, values[name] ?? ""])) as CouponFormValues;
}

/** A saved coupon as the form shows it: dates as UTC days, the amount in whole units of the school's currency. */
export function couponFormValues(
  coupon: {
    code: string;
    discountType: string;
    percentOff: number | null;
    amountOffCents: number | null;
    appliesTo: string;
    courseIds: string[];
    duration: string;
    startsAt: Date | null;
    endsAt: Date | null;
    maxRedemptions: number | null;
    maxPerCustomer: number | null;
  },
  currency: string,
): CouponFormValues {
  const lastDay = coupon.endsAt ? new Date(coupon.endsAt.getTime() - DAY_MS) : null;
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    percentOff: coupon.percentOff === null ? "" : String(coupon.percentOff),
    amountOff: coupon.amountOffCents === null ? "" : toDecimalAmount(coupon.amountOffCents, currency).replace(/\.0+$/, ""),
    appliesTo: coupon.appliesTo,
    courseIds: coupon.courseIds.join(","),
    duration: coupon.duration,
    startsOn: coupon.startsAt ? formatIsoDay(coupon.startsAt) : "",
    endsOn: lastDay ? formatIsoDay(lastDay) : "",
    maxRedemptions: coupon.maxRedemptions === null ? "" : String(coupon.maxRedemptions),
    maxPerCustomer: coupon.maxPerCustomer === null ? "" : String(coupon.maxPerCustomer),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "2026-12-01" → that day's start in UTC; empty → null. */
const dayField = (invalid: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN);
      if (Number.isNaN(day.getTime())) {
        context.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return day;
    });

/** An optional whole number of at least 1; empty means no limit. */
const limitField = (invalid: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) {
        context.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return Number(value);
    });

/** "Enter an amount in dollars, like 20 or 19.50", or in the school's currency. */
const amountMessages = (currency: string) => ({
  invalid: `Enter an amount in ${currency === "usd" ? "dollars" : currency.toUpperCase()}, like ${moneyExample(currency)}`,
  belowZero: `Enter an amount above ${formatPrice(0, currency)}`,
});

/** The coupon form (create and edit), parsed again by the action; its output is what the coupon operations save. */
export const couponForm = (currency: string) => {
  const messages = amountMessages(currency);
  return z
    .object({
      intent: z.literal("save"),
      code: z
        .string({ error: "Enter a code" })
        .transform(normalizeCouponCode)
        .pipe(
          z
            .string()
            .min(1, "Enter a code")
            .max(COUPON_CODE_MAX, `Keep the code to ${COUPON_CODE_MAX} characters or fewer`)
            .regex(COUPON_CODE_PATTERN, "Use letters, digits, dashes and underscores only"),
        ),
      discountType: z.enum(COUPON_DISCOUNT_TYPES, { error: "Choose a percentage or a fixed amount" }),
      percentOff: z.string().trim().optional(),
      amountOff: moneyField({ currency, invalid: messages.invalid, negative: messages.belowZero }),
      appliesTo: z.enum(COUPON_TARGETS, { error: "Choose what the coupon applies to" }),
      courseIds: z
        .string()
        .optional()
        .transform((value) => [...new Set((value ?? "").split(",").filter((id) => isUuid(id)))]),
      duration: z.enum(COUPON_DURATIONS).catch("first-payment"),
      startsOn: dayField("Enter a start date, or leave it empty"),
      endsOn: dayField("Enter an end date, or leave it empty"),
      maxRedemptions: limitField("Enter a whole number of at least 1, or leave it empty for no limit"),
      maxPerCustomer: limitField("Enter a whole number of at least 1, or leave it empty for no limit"),
    })
    .transform((form, context): CouponInput => {
      let percentOff: number | null = null;
      let amountOffCents: number | null = null;
      if (form.discountType === "percent") {
        const text = form.percentOff ?? "";
        if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100) {
          context.addIssue({ code: "custom", path: ["percentOff"], message: "Enter a whole percentage from 1 to 100" });
        } else percentOff = Number(text);
      } else if (form.amountOff <= 0) {
        context.addIssue({ code: "custom", path: ["amountOff"], message: messages.belowZero });
      } else amountOffCents = form.amountOff;
      if (form.appliesTo === "courses" && form.courseIds.length === 0) {
        context.addIssue({ code: "custom", path: ["courseIds"], message: "Choose at least one course" });
      }
      // Ticked courses under another target would be dropped on save: the coupon would then discount
      // what the form did not show (every course, or the membership). Refused, so what is saved is what was shown.
      if (form.appliesTo !== "courses" && form.courseIds.length > 0) {
        context.addIssue({ code: "custom", path: ["courseIds"], message: COUPON_MESSAGES.coursesWithOtherTarget });
      }
      // The end date is the last day the code works: it ends at the start of the next day (UTC).
      const endsAt = form.endsOn ? new Date(form.endsOn.getTime() + DAY_MS) : null;
      if (form.startsOn && endsAt && form.startsOn >= endsAt) {
        context.addIssue({ code: "custom", path: ["endsOn"], message: "The end date must be on or after the start date" });
      }
      return {
        code: form.code,
        discountType: form.discountType,
        percentOff,
        amountOffCents,
        appliesTo: form.appliesTo,
        courseIds: form.appliesTo === "courses" ? form.courseIds : [],
        duration: form.appliesTo === "membership" ? form.duration : ("first-payment" as const),
        startsAt: form.startsOn,
        endsAt,
        maxRedemptions: form.maxRedemptions,
        maxPerCustomer: form.maxPerCustomer,
      };
    });
};

/** Several checkboxes share the name `courseIds`; the form parser reads one value a name, so they are joined first. */
export function couponFormData(form: FormData) {
  const joined = new FormData();
  for (const [name, value] of form.entries()) if (name !== "courseIds") joined.append(name, value);
  joined.set(
    "courseIds",
    form
      .getAll("courseIds")
      .filter((id) => typeof id === "string")
      .join(","),
  );
  return joined;
}

/** The list's and the edit page's Disable / Enable buttons. */
export const couponStatusForm = z.object({
  intent: z.enum(["disable", "enable"]),
  id: z.string().trim().min(1, "Choose a coupon"),
});
