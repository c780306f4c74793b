import { z } from "zod";
import { newPasswordField } from "~/routes/auth/auth-forms";

/** One zod schema per form on the account page, keyed by the form's `intent`. */
export const accountForms = {
  "update-name": z.object({ name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters") }),
  "change-password": z
    .object({
      currentPassword: z.string().min(1, "Enter your current password"),
      newPassword: newPasswordField,
      revokeOtherSessions: z.literal("on").optional(),
    })
    .refine((values) => values.currentPassword !== values.newPassword, {
      path: ["newPassword"],
      message: "Choose a password different from the current one",
    }),
  "enable-two-factor": z.object({ password: z.string().min(1, "Enter your password") }),
  "confirm-two-factor": z.object({
    code: z
      .string()
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app")),
    totpUri: z.string().startsWith("otpauth://"),
  }),
  "disable-two-factor": z.object({ password: z.string().min(1, "Enter your password") }),
  "revoke-session": z.object({ sessionId: z.string().min(1) }),
  "revoke-other-sessions": z.object({}),
} as const;

export type AccountIntent = keyof typeof accountForms;

export const isAccountIntent = (value: unknown): value is AccountIntent => typeof value === "string" && value in accountForms;
