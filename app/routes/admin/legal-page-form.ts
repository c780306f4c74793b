import { z } from "~/lib/forms/zod";
import { requiredText } from "~/lib/forms/fields";

export const LEGAL_MESSAGES = {
  required: "The page needs its text",
  tooLong: "Must be at most 100,000 characters",
  saved: (title: string) => `${title} saved: its “Last updated” date is today`,
  unchanged: (title: string) => `${title} unchanged: its date stays as it was`,
  demoNotice: "Your legal pages still hold the demo's text. Read them and make them yours before you sell.",
} as const;

/** A legal page's text: Markdown, required (an empty policy is no policy). */
export const legalPageForm = z.object({
  markdown: requiredText(LEGAL_MESSAGES.required, { max: 100_000, tooLong: LEGAL_MESSAGES.tooLong }),
});
