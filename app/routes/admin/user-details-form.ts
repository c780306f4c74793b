import { z } from "~/lib/forms/zod";
import { ROLES } from "~/lib/domain-values";
import { refundIntent } from "./orders-form";

/** The user details page's forms: each course row's Grant Access / Revoke, the role menu, each order's Refund, each certificate's Revoke. */

const courseId = z.string({ error: "Choose a course" }).trim().min(1, "Choose a course").max(64, "Choose a course");

export const userDetailsForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("grant"), courseId }),
    z.object({ intent: z.literal("revoke"), courseId }),
    z.object({ intent: z.literal("role"), role: z.enum(ROLES, { error: "Choose a role" }) }),
    refundIntent,
    z.object({ intent: z.literal("open-all"), courseId }),
    z.object({ intent: z.literal("revoke-certificate"), certificateId: z.string().trim().min(1).max(64) }),
    z.object({ intent: z.literal("request-data-export") }),
    // Test mode's payment plan controls (docs/decisions/069).
    z.object({ intent: z.literal("plan-pay-next"), planId: z.string().trim().uuid() }),
    z.object({ intent: z.literal("plan-decline-next"), planId: z.string().trim().uuid() }),
    z.object({
      intent: z.literal("delete-account"),
      confirmEmail: z.string({ error: "Type the person's e-mail address" }).trim().min(1, "Type the person's e-mail address").max(254),
    }),
  ],
  { error: "Unknown action" },
);
