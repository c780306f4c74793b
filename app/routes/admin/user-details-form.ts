import { z } from "~/lib/forms/zod";
import { ROLES } from "~/lib/domain-values";
import { refundIntent } from "./orders-form";

/** The user details page's forms: each course row's Grant Access / Revoke, the role menu, and each order's Refund. */

const courseId = z.string({ error: "Choose a course" }).trim().min(1, "Choose a course").max(64, "Choose a course");

export const userDetailsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("grant"), courseId }),
    z.object({ intent: z.literal("revoke"), courseId }),
    z.object({ intent: z.literal("role"), role: z.enum(ROLES, { error: "Choose a role" }) }),
    refundIntent,
  ],
  { error: "Unknown action" },
);
