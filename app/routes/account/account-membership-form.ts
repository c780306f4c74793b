import { z } from "~/lib/forms/zod";

/** The account page's membership form: one intent for now (cancel anytime). */
export const membershipForm = z.discriminatedUnion("intent", [z.object({ intent: z.literal("cancel-membership") })]);
