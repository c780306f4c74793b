import { z } from "zod";
import { emailField, passwordField, requiredText } from "~/lib/forms/fields";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";

/** The first-run "Create the owner account" form. */
export const SETUP_CODE_MAX = 64;

export const ownerSetupForm = z.object({
  code: requiredText("Enter the setup code from the server's log", { max: SETUP_CODE_MAX, tooLong: "That setup code is not right" }),
  name: requiredText("Full name is required", { max: PERSON_NAME_MAX, tooLong: `Name must be at most ${PERSON_NAME_MAX} characters` }),
  email: emailField(),
  password: passwordField(),
});
