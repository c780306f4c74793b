import { z } from "~/lib/forms/zod";
import { checkboxField, currentPasswordField, passwordField, personNameField } from "~/lib/forms/fields";
import { PASSWORD_MAX } from "~/lib/forms/limits";

/** The account page's forms, one branch per form, told apart by the form's `intent`. */
export const accountForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("update-name"),
      name: personNameField({ required: "Name is required" }),
    }),
    z
      .object({
        intent: z.literal("change-password"),
        currentPassword: currentPasswordField({ required: "Enter your current password" }),
        newPassword: passwordField(),
        revokeOtherSessions: checkboxField,
      })
      .refine((values) => values.currentPassword !== values.newPassword, {
        path: ["newPassword"],
        message: "Choose a password different from the current one",
      }),
    z.object({ intent: z.literal("enable-two-factor"), password: currentPasswordField({ required: "Enter your password" }) }),
    z.object({
      intent: z.literal("confirm-two-factor"),
      code: z
        .string()
        .transform((value) => value.replace(/\s+/g, ""))
        .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app")),
      totpUri: z.string().startsWith("otpauth://"),
    }),
    z.object({ intent: z.literal("disable-two-factor"), password: currentPasswordField({ required: "Enter your password" }) }),
    z.object({ intent: z.literal("revoke-session"), sessionId: z.string().min(1) }),
    z.object({ intent: z.literal("revoke-other-sessions") }),
    z.object({ intent: z.literal("request-data-export") }),
    z.object({ intent: z.literal("pay-overdue-plan"), planId: z.string().trim().min(1) }),
    z.object({ intent: z.literal("update-plan-card"), planId: z.string().trim().min(1) }),
    z.object({
      intent: z.literal("delete-account"),
      // Empty for an account without a password, which needs a fresh sign-in instead.
      password: z.string().max(PASSWORD_MAX, "Enter your password").default(""),
    }),
  ],
  { error: "Unknown action." },
);

export type AccountIntent = z.output<typeof accountForm>["intent"];
