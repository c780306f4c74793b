import { z } from "~/lib/forms/zod";
import { checkboxField, currentPasswordField, emailField, passwordField, personNameField } from "~/lib/forms/fields";

/**
 * One zod schema per auth form. The pages use native constraints (required, type=email,
 * minLength from the shared fields) in the browser; the actions parse the submitted form with
 * these again. A page with several forms has one discriminated union on `intent`.
 */

const nextField = z.string().optional();

const oauthForm = z.object({
  intent: z.literal("oauth"),
  provider: z.enum(["google", "github"], { error: "That sign-in method is not available." }),
  next: nextField,
});

/** /login: the sign-in form, the "resend confirmation" button and the OAuth buttons. */
export const loginForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sign-in"),
    email: emailField(),
    password: currentPasswordField({ tooLong: "Invalid email or password" }),
    next: nextField,
  }),
  z.object({ intent: z.literal("resend-verification"), email: emailField(), next: nextField }),
  oauthForm,
]);

/** /signup: the sign-up form and the OAuth buttons. */
export const signupForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sign-up"),
    name: personNameField().optional().default(""),
    email: emailField(),
    password: passwordField(),
    next: nextField,
  }),
  oauthForm,
]);

export const resetRequestForm = z.object({ email: emailField() });

export const resetPasswordForm = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Please ask for a new one."),
    /** Where to go after signing in with the new password (a guest checkout's link names the first lesson). */
    next: z.string().optional(),
    password: passwordField(),
    confirmPassword: z.string().min(1, "Please repeat the new password"),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

export const twoFactorForm = z.object({
  method: z.enum(["totp", "backup"]).default("totp"),
  code: z.string().trim().min(1, "Enter the code"),
  trustDevice: checkboxField,
  next: nextField,
});
