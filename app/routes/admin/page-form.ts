import { z } from "~/lib/forms/zod";
import { checkboxField, optionalText, requiredText } from "~/lib/forms/fields";
import { PAGE_SECTION_KINDS } from "~/lib/domain-values";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { isUuid } from "~/lib/uuid";
import { PAGE_LIMITS, PAGE_MESSAGES, pageSlugField } from "~/lib/page-sections";

const details = {
  title: requiredText(PAGE_MESSAGES.titleRequired, { max: PAGE_LIMITS.title }),
  description: optionalText({ max: PAGE_LIMITS.description }),
  inHeader: checkboxField,
  inFooter: checkboxField,
};

/** A new page of the owner's: its address, title, description and where it is linked from. */
export const newPageForm = z.object({ slug: pageSlugField, ...details });

const sectionId = z.string().trim().refine(isUuid, PAGE_MESSAGES.sectionNotFound);

/**
 * The page editor's intents. A section's own fields are not listed here: they are read by
 * `readSectionForm` and checked by the kind's schema in ~/lib/page-sections.
 */
export const pageEditForm = z.discriminatedUnion("intent", [
  // The home page keeps its address: the slug is only sent (and required) for the owner's pages.
  z.object({ intent: z.literal("details"), slug: pageSlugField.optional(), ...details }),
  z.object({ intent: z.literal("add-section"), kind: z.enum(PAGE_SECTION_KINDS) }),
  z.object({ intent: z.literal("save-section"), sectionId }),
  z.object({ intent: z.literal("move-section"), sectionId, position: z.coerce.number().int().min(1).max(1000) }),
  z.object({ intent: z.literal("hide-section"), sectionId }),
  z.object({ intent: z.literal("show-section"), sectionId }),
  z.object({ intent: z.literal("delete-section"), sectionId }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("delete-page") }),
]);

/** Admin → Pages' list address: its search and page. */
export const pageList = defineListUrl("/admin/pages", { q: textParam({ maxLength: 200 }), page: pageParam() });
