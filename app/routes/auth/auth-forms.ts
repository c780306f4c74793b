import { z } from "zod";

/**
 * One zod schema per auth form. The pages use native constraints (required, type=email,
 * minLength) in the browser; the actions parse the submitted form with these again.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }));

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const nextField = z.string().optional();

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, "Invalid email or password"),
  next: nextField,
});

export const resendVerificationSchema = z.object({ email: emailField });

export const oauthSchema = z.object({ provider: z.enum(["google", "github"]), next: nextField });

export const signUpSchema = z.object({
  name: z.string().trim().max(100, "Name must be at most 100 characters").optional().default(""),
  email: emailField,
  password: newPasswordField,
});

export const resetRequestSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Please ask for a new one."),
    password: newPasswordField,
    confirmPassword: z.string().min(1, "Please repeat the new password"),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

export const twoFactorSchema = z.object({
  method: z.enum(["totp", "backup"]).default("totp"),
  code: z.string().trim().min(1, "Enter the code"),
  trustDevice: z.literal("on").optional(),
  next: nextField,
});

export type FieldErrors = Record<string, string[] | undefined>;

/** Parses a submitted form; on failure, the messages per field for the form to show. */
export function parseForm<T extends z.ZodType>(
  schema: T,
  form: FormData,
): { data: z.output<T>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return { errors };
}
