import { z } from "~/lib/forms/zod";
import { emailField, passwordField, personNameField, requiredText } from "~/lib/forms/fields";
import { ADMIN_PASSWORD_MIN } from "~/lib/forms/limits";

/** The first-run "Create the owner account" form. */
export const SETUP_CODE_MAX = 64;

export const ownerSetupForm = z.object({
  code: requiredText("Enter the setup code from the server's log", { max: SETUP_CODE_MAX, tooLong: "That setup code is not right" }),
  name: personNameField({ required: "Full name is required" }),
  email: emailField(),
  // The owner holds the whole school: longer than a learner's (docs/decisions/040).
  password: passwordField({ min: ADMIN_PASSWORD_MIN }),
});
