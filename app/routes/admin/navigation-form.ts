import { z } from "~/lib/forms/zod";
import { checkboxField, optionalText, requiredText } from "~/lib/forms/fields";
import { NAVIGATION_AREAS, SOCIAL_NETWORKS } from "~/lib/domain-values";
import { NAVIGATION_MESSAGES } from "~/lib/navigation";

export const NAVIGATION_LABEL_MAX = 40;

/** The form names a list's rows `items.0.key`, `items.0.label`, `items.0.hidden`, in the order shown. */
function collectItems(fields: unknown) {
  if (!fields || typeof fields !== "object") return fields;
  const rows: Record<string, string>[] = [];
  for (const [name, value] of Object.entries(fields as Record<string, string>)) {
    const match = /^items\.(\d{1,3})\.(key|label|hidden)$/.exec(name);
    if (match) (rows[Number(match[1])] ??= {})[match[2]] = value;
  }
  return { ...(fields as Record<string, string>), items: rows.filter(Boolean) };
}

const item = z.object({
  key: z.string().min(1, NAVIGATION_MESSAGES.unknownLink),
  label: requiredText(NAVIGATION_MESSAGES.labelRequired, { max: NAVIGATION_LABEL_MAX, tooLong: NAVIGATION_MESSAGES.labelTooLong }),
  hidden: checkboxField,
});

/**
 * Admin → Pages → Navigation: save one list (its order, labels and hidden links; `move` moves one
 * row up or down first, so the buttons work without JavaScript), or save the social links.
 */
export const navigationForm = z.preprocess(
  collectItems,
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save-area"),
      area: z.enum(NAVIGATION_AREAS),
      move: z
        .string()
        .regex(/^\d{1,3}:(up|down)$/)
        .optional(),
      items: z.array(item).max(100),
    }),
    z.object({
      intent: z.literal("save-social"),
      ...(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, optionalText({ max: 500 })])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        ReturnType<typeof optionalText>
      >),
    }),
  ]),
);

/** The rows after a Move up / Move down press. */
export function applyMove<T>(items: T[], move: string | undefined) {
  if (!move) return items;
  const [at, direction] = move.split(":");
  const from = Number(at);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}
