import { z } from "~/lib/forms/zod";
import { isImageUrl } from "~/lib/image-url";
import { isSafeLink } from "~/lib/safe-link";
import { PAGE_SECTION_KINDS, type BuiltInPage, type PageSectionKind } from "~/lib/domain-values";

/**
 * What each kind of page section holds (docs/decisions/046-pages-from-sections.md): one zod
 * schema per kind, checked when the owner saves a section and again when a page reads it, and the
 * fields the editor shows for it. Both sides import this module; the renderer and the editor
 * never restate a limit.
 */

export const PAGE_MESSAGES = {
  required: "This field is required",
  link: "A link must start with / (a page of this site), https:// or mailto:",
  linkPair: "A button needs both its label and its link",
  image: "The image must be a picture (.webp, .png, .jpg, .gif, .avif or .svg) on this site or at an https:// address",
  itemsRequired: "Add at least one item",
  slugInvalid: "A page address uses lower-case letters, digits and hyphens only (for example: our-story)",
  slugReserved: (slug: string) => `“${slug}” is the address of one of the site's own pages: choose another`,
  slugTaken: "Another page already has this address",
  titleRequired: "Title is required",
  created: "Page created",
  saved: "Page saved",
  sectionAdded: "Section added",
  sectionSaved: "Section saved",
  sectionMoved: "Section moved",
  sectionHidden: "Section hidden",
  sectionShown: "Section shown",
  sectionDeleted: "Section deleted",
  published: "Page published",
  deleted: "Page deleted",
  builtInNotDeleted: "The home page cannot be deleted",
  notFound: "This page no longer exists",
  sectionNotFound: "This section no longer exists",
  listFailed: "Pages could not be loaded",
  empty: "No pages yet",
  emptySearch: "No pages match your search",
} as const;

export const PAGE_LIMITS = { title: 120, description: 300, slug: 60 } as const;

/**
 * Addresses of the site's own top-level pages: a page of the owner's lives at /p/{slug}, but a
 * /p/courses beside /courses would only confuse visitors and search engines, so these are refused.
 * `admin` is not among them: /p/admin is a fine address (tests/unit keeps this list and routes.ts together).
 */
export const RESERVED_PAGE_SLUGS = [
  "home",
  // Affiliates' short links (/r/CODE), answered before the router (docs/decisions/063).
  "r",
  "p",
  "pricing",
  "about",
  "contact",
  "privacy",
  "terms",
  "refund",
  "playbooks",
  "testimonials",
  "newsletter",
  "unsubscribe",
  "courses",
  "course",
  "catalog",
  "certificates",
  "learn",
  "blog",
  "login",
  "signup",
  "reset-password",
  "logout",
  "account",
  "checkout",
  "invoices",
  "art",
] as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A page's address as typed: refused (never silently rewritten) when it is not a clean slug or names a site page. */
export const pageSlugField = z
  .string({ error: PAGE_MESSAGES.slugInvalid })
  .trim()
  .toLowerCase()
  .max(PAGE_LIMITS.slug, `Must be at most ${PAGE_LIMITS.slug} characters`)
  .refine((value) => SLUG_PATTERN.test(value), PAGE_MESSAGES.slugInvalid)
  .refine((value) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(value), {
    error: (issue) => PAGE_MESSAGES.slugReserved(String(issue.input)),
  });

// ---------------------------------------------------------------------------------------------
// Field kinds
// ---------------------------------------------------------------------------------------------

const SITE = "https://site.invalid";

const IMAGE_EXTENSION = /\.(webp|png|jpe?g|gif|avif|svg)$/i;

/** A picture: an uploaded file (/media/…) or an image URL whose name says it is a picture. */
export function isPictureUrl(value: string) {
  if (!isImageUrl(value)) return false;
  if (value.startsWith("/media/")) return true;
  const path = new URL(value, SITE).pathname;
  return IMAGE_EXTENSION.test(path);
}

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredLine = (max: number) => text(max).min(1, PAGE_MESSAGES.required);
const optionalLine = (max: number) => text(max).default("");
const link = text(2000)
  .refine((value) => value === "" || isSafeLink(value), PAGE_MESSAGES.link)
  .default("");
const requiredLink = text(2000).min(1, PAGE_MESSAGES.required).refine(isSafeLink, PAGE_MESSAGES.link);
const image = text(2000)
  .refine((value) => value === "" || isPictureUrl(value), PAGE_MESSAGES.image)
  .default("");
const requiredImage = text(2000).min(1, PAGE_MESSAGES.required).refine(isPictureUrl, PAGE_MESSAGES.image);
const count = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `A whole number from ${min} to ${max}` })
    .int(`A whole number from ${min} to ${max}`)
    .min(min, `A whole number from ${min} to ${max}`)
    .max(max, `A whole number from ${min} to ${max}`)
    .default(fallback);
const flag = z.boolean().default(false);

/** The comparison table of §9, the pricing section's rows until the owner writes theirs. */
export const DEFAULT_COMPARISON_ROWS = [
  { feature: "Lifetime access", course: true, membership: true },
  { feature: "All files", course: true, membership: true },
  { feature: "Weekly live Q&A", course: false, membership: true },
  { feature: "Priority support", course: false, membership: true },
  { feature: "Early access", course: false, membership: true },
];
export type ComparisonRow = (typeof DEFAULT_COMPARISON_ROWS)[number];
const COMPARISON_ROWS_MAX = 12;
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).min(1, PAGE_MESSAGES.itemsRequired).max(max, `At most ${max} items`);

/** A button is its label and its link, both or neither. */
function buttonPair(prefix: "primary" | "secondary" | "link") {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const label = value[`${prefix}Label`];
    const href = value[`${prefix}Href`];
    if (Boolean(label) !== Boolean(href)) {
      context.addIssue({ code: "custom", path: [label ? `${prefix}Href` : `${prefix}Label`], message: PAGE_MESSAGES.linkPair });
    }
  };
}

export const BENEFIT_ICONS = [
  "none",
  "graduation",
  "clock",
  "support",
  "sparkles",
  "store",
  "bot",
  "workflow",
  "rocket",
  "target",
  "check",
] as const;
export const BENEFIT_ICON_LABELS: Record<(typeof BENEFIT_ICONS)[number], string> = {
  none: "No icon",
  graduation: "Graduation cap",
  clock: "Clock",
  support: "Life buoy",
  sparkles: "Sparkles",
  store: "Shopping bag",
  bot: "Robot",
  workflow: "Workflow",
  rocket: "Rocket",
  target: "Target",
  check: "Check mark",
};

// ---------------------------------------------------------------------------------------------
// One schema per kind
// ---------------------------------------------------------------------------------------------

export const SECTION_SCHEMAS = {
  hero: z
    .object({
      eyebrow: optionalLine(120),
      headline: requiredLine(200),
      text: optionalLine(600),
      imageUrl: image,
      imageAlt: optionalLine(200),
      badgeValue: optionalLine(20),
      badgeLabel: optionalLine(60),
      primaryLabel: optionalLine(60),
      primaryHref: link,
      secondaryLabel: optionalLine(60),
      secondaryHref: link,
    })
    .superRefine(buttonPair("primary"))
    .superRefine(buttonPair("secondary")),
  featured_courses: z
    .object({ title: requiredLine(120), linkLabel: optionalLine(60), linkHref: link, limit: count(1, 6, 3) })
    .superRefine(buttonPair("link")),
  figures: z.object({
    title: optionalLine(120),
    items: list(z.object({ value: requiredLine(20), label: requiredLine(60) }), 8),
  }),
  benefits: z.object({
    eyebrow: optionalLine(60),
    title: requiredLine(120),
    titleHidden: flag,
    intro: optionalLine(400),
    numbered: flag,
    tinted: flag,
    timeline: flag,
    items: list(
      z.object({ icon: z.enum(BENEFIT_ICONS).default("check"), label: optionalLine(40), title: requiredLine(80), text: requiredLine(400) }),
      12,
    ),
  }),
  testimonials: z
    .object({
      eyebrow: optionalLine(60),
      title: requiredLine(120),
      intro: optionalLine(400),
      limit: count(1, 6, 3),
      linkLabel: optionalLine(60),
      linkHref: link,
    })
    .superRefine(buttonPair("link")),
  instructor: z
    .object({ eyebrow: optionalLine(60), imageUrl: image, linkLabel: optionalLine(60), linkHref: link })
    .superRefine(buttonPair("link")),
  pricing: z
    .object({
      eyebrow: optionalLine(60),
      title: requiredLine(120),
      intro: optionalLine(400),
      comparison: flag,
      // The comparison table's rows; a section saved before they were editable shows §9's.
      items: z
        .array(z.object({ feature: requiredLine(80), course: flag, membership: flag }))
        .max(COMPARISON_ROWS_MAX, `At most ${COMPARISON_ROWS_MAX} items`)
        .default(() => DEFAULT_COMPARISON_ROWS.map((row) => ({ ...row }))),
    })
    .superRefine((value, context) => {
      if (value.comparison && value.items.length === 0)
        context.addIssue({ code: "custom", path: ["items"], message: "Add a row to the comparison table, or untick Show the comparison table" });
    }),
  faq: z.object({
    eyebrow: optionalLine(60),
    title: requiredLine(120),
    items: list(z.object({ question: requiredLine(200), answer: requiredLine(2000) }), 30),
    noteMd: optionalLine(1000),
  }),
  call_to_action: z
    .object({
      title: requiredLine(120),
      text: optionalLine(400),
      buttonLabel: requiredLine(60),
      buttonHref: requiredLink,
      secondaryLabel: optionalLine(60),
      secondaryHref: link,
    })
    .superRefine(buttonPair("secondary")),
  rich_text: z.object({ markdown: requiredLine(20000) }),
  image_text: z.object({
    imageUrl: requiredImage,
    imageAlt: optionalLine(200),
    title: requiredLine(120),
    textMd: requiredLine(5000),
    imageRight: flag,
  }),
} satisfies Record<PageSectionKind, z.ZodType>;

export type SectionContent<K extends PageSectionKind> = z.output<(typeof SECTION_SCHEMAS)[K]>;
/** A section as pages read it: its kind and its checked content together. */
export type SectionOf<K extends PageSectionKind = PageSectionKind> = K extends PageSectionKind
  ? { id: string; kind: K; hidden: boolean; content: SectionContent<K> }
  : never;

/** The content of a stored section, or null when it no longer fits its kind (the renderer skips it). */
export function readSectionContent<K extends PageSectionKind>(kind: K, content: unknown): SectionContent<K> | null {
  const parsed = SECTION_SCHEMAS[kind].safeParse(content);
  return parsed.success ? (parsed.data as SectionContent<K>) : null;
}

export const isSectionKind = (value: string): value is PageSectionKind => (PAGE_SECTION_KINDS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// The editor's fields per kind
// ---------------------------------------------------------------------------------------------

export type SectionField =
  | { name: string; label: string; type: "text" | "textarea" | "markdown" | "link" | "image"; hint?: string }
  | { name: string; label: string; type: "number"; min: number; max: number }
  | { name: string; label: string; type: "checkbox" }
  | { name: string; label: string; type: "select"; options: { value: string; label: string }[] };

export type SectionList = { name: "items"; label: string; itemLabel: string; max: number; fields: SectionField[] };

const TOKENS_HINT = "{school}, {monthly price}, {yearly price} and {yearly deal} show the values from Settings.";

const iconField: SectionField = {
  name: "icon",
  label: "Icon",
  type: "select",
  options: BENEFIT_ICONS.map((value) => ({ value, label: BENEFIT_ICON_LABELS[value] })),
};

/** The fields the editor shows for each kind, in order, and its list of items if it has one. */
export const SECTION_FIELDS: Record<PageSectionKind, { fields: SectionField[]; list?: SectionList }> = {
  hero: {
    fields: [
      { name: "eyebrow", label: "Small line above the headline", type: "text", hint: TOKENS_HINT },
      { name: "headline", label: "Headline", type: "text" },
      { name: "text", label: "Text", type: "textarea", hint: TOKENS_HINT },
      { name: "imageUrl", label: "Image", type: "image" },
      { name: "imageAlt", label: "Image description (for screen readers; empty if decorative)", type: "text" },
      { name: "badgeValue", label: "Badge on the image: figure", type: "text" },
      { name: "badgeLabel", label: "Badge on the image: label", type: "text" },
      { name: "primaryLabel", label: "First button: label", type: "text" },
      { name: "primaryHref", label: "First button: link", type: "link" },
      { name: "secondaryLabel", label: "Second button: label", type: "text" },
      { name: "secondaryHref", label: "Second button: link", type: "link" },
    ],
  },
  featured_courses: {
    fields: [
      { name: "title", label: "Heading", type: "text" },
      { name: "limit", label: "How many courses", type: "number", min: 1, max: 6 },
      { name: "linkLabel", label: "Link label", type: "text" },
      { name: "linkHref", label: "Link", type: "link" },
    ],
  },
  figures: {
    fields: [{ name: "title", label: "Heading (read by screen readers only when empty)", type: "text" }],
    list: {
      name: "items",
      label: "Figures",
      itemLabel: "Figure",
      max: 8,
      fields: [
        { name: "value", label: "Number", type: "text" },
        { name: "label", label: "Label", type: "text" },
      ],
    },
  },
  benefits: {
    fields: [
      { name: "eyebrow", label: "Small line above the heading", type: "text" },
      { name: "title", label: "Heading", type: "text", hint: TOKENS_HINT },
      { name: "titleHidden", label: "Heading for screen readers only", type: "checkbox" },
      { name: "intro", label: "Introduction", type: "textarea" },
      { name: "numbered", label: "Number the items", type: "checkbox" },
      { name: "tinted", label: "Tinted background", type: "checkbox" },
      { name: "timeline", label: "Show as a timeline", type: "checkbox" },
    ],
    list: {
      name: "items",
      label: "Items",
      itemLabel: "Item",
      max: 12,
      fields: [
        iconField,
        { name: "label", label: "Small line above the title (a year, a step)", type: "text" },
        { name: "title", label: "Title", type: "text" },
        { name: "text", label: "Text", type: "textarea", hint: TOKENS_HINT },
      ],
    },
  },
  testimonials: {
    fields: [
      { name: "eyebrow", label: "Small line above the heading", type: "text" },
      { name: "title", label: "Heading", type: "text" },
      { name: "intro", label: "Introduction", type: "textarea" },
      { name: "limit", label: "How many testimonials", type: "number", min: 1, max: 6 },
      { name: "linkLabel", label: "Link label", type: "text" },
      { name: "linkHref", label: "Link", type: "link" },
    ],
  },
  instructor: {
    fields: [
      { name: "eyebrow", label: "Small line above the name", type: "text" },
      { name: "imageUrl", label: "Portrait", type: "image" },
      { name: "linkLabel", label: "Button label", type: "text" },
      { name: "linkHref", label: "Button link", type: "link" },
    ],
  },
  pricing: {
    fields: [
      { name: "eyebrow", label: "Small line above the heading", type: "text" },
      { name: "title", label: "Heading", type: "text" },
      { name: "intro", label: "Introduction", type: "textarea", hint: TOKENS_HINT },
      { name: "comparison", label: "Show the comparison table", type: "checkbox" },
    ],
    list: {
      name: "items",
      label: "Comparison table rows",
      itemLabel: "Row",
      max: COMPARISON_ROWS_MAX,
      fields: [
        { name: "feature", label: "Feature", type: "text" },
        { name: "course", label: "Included with individual courses", type: "checkbox" },
        { name: "membership", label: "Included with the membership", type: "checkbox" },
      ],
    },
  },
  faq: {
    fields: [
      { name: "eyebrow", label: "Small line above the heading", type: "text" },
      { name: "title", label: "Heading", type: "text" },
      { name: "noteMd", label: "Note below the questions (Markdown)", type: "markdown" },
    ],
    list: {
      name: "items",
      label: "Questions",
      itemLabel: "Question",
      max: 30,
      fields: [
        { name: "question", label: "Question", type: "text" },
        { name: "answer", label: "Answer", type: "textarea", hint: TOKENS_HINT },
      ],
    },
  },
  call_to_action: {
    fields: [
      { name: "title", label: "Heading", type: "text" },
      { name: "text", label: "Text", type: "textarea" },
      { name: "buttonLabel", label: "Button label", type: "text" },
      { name: "buttonHref", label: "Button link", type: "link" },
      { name: "secondaryLabel", label: "Second button: label", type: "text" },
      { name: "secondaryHref", label: "Second button: link", type: "link" },
    ],
  },
  rich_text: { fields: [{ name: "markdown", label: "Text (Markdown)", type: "markdown" }] },
  image_text: {
    fields: [
      { name: "imageUrl", label: "Image", type: "image" },
      { name: "imageAlt", label: "Image description (for screen readers; empty if decorative)", type: "text" },
      { name: "title", label: "Heading", type: "text" },
      { name: "textMd", label: "Text (Markdown)", type: "markdown" },
      { name: "imageRight", label: "Image on the right", type: "checkbox" },
    ],
  },
};

/** How many empty item rows the editor offers below the filled ones. */
export const SPARE_ITEM_ROWS = 2;

/**
 * A submitted section form as the content object its schema checks: plain fields by name,
 * checkboxes as booleans, list items from `items.0.title`-style names (rows left wholly empty are
 * dropped, so the spare rows cost nothing).
 */
export function readSectionForm(kind: PageSectionKind, form: Record<string, string>) {
  const { fields, list: itemList } = SECTION_FIELDS[kind];
  const content: Record<string, unknown> = {};
  for (const field of fields) content[field.name] = fieldValue(field, form[field.name]);
  if (itemList) {
    const rows = new Map<number, Record<string, unknown>>();
    for (const [name, value] of Object.entries(form)) {
      const match = /^items\.(\d+)\.(\w+)$/.exec(name);
      if (!match) continue;
      const field = itemList.fields.find((candidate) => candidate.name === match[2]);
      if (!field) continue;
      const row = rows.get(Number(match[1])) ?? {};
      row[field.name] = fieldValue(field, value);
      rows.set(Number(match[1]), row);
    }
    content.items = [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) =>
        itemList.fields.some((field) => field.type !== "select" && typeof row[field.name] === "string" && row[field.name] !== ""),
      );
  }
  return content;
}

function fieldValue(field: SectionField, value: string | undefined) {
  if (field.type === "checkbox") return value !== undefined && value !== "" && value !== "off";
  if (field.type === "number") return value === undefined || value.trim() === "" ? undefined : value;
  return value ?? "";
}

/** A section's content as the editor's form values (the same names `readSectionForm` reads). */
export function sectionFormValues(kind: PageSectionKind, content: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  const { fields, list: itemList } = SECTION_FIELDS[kind];
  for (const field of fields) values[field.name] = asFormText(content[field.name]);
  if (itemList && Array.isArray(content.items)) {
    content.items.forEach((item: Record<string, unknown>, index) => {
      for (const field of itemList.fields) values[`items.${index}.${field.name}`] = asFormText(item[field.name]);
    });
  }
  return values;
}

const asFormText = (value: unknown) => (value === true ? "on" : value === false || value == null ? "" : String(value));

/** How many item rows the editor shows: the filled ones (as typed) and a few spare, within the kind's maximum. */
export function itemRowCount(kind: PageSectionKind, values: Record<string, string>) {
  const itemList = SECTION_FIELDS[kind].list;
  if (!itemList) return 0;
  const indexes = Object.keys(values)
    .map((name) => /^items\.(\d+)\./.exec(name)?.[1])
    .filter((index): index is string => index !== undefined)
    .map(Number);
  const filled = indexes.length > 0 ? Math.max(...indexes) + 1 : 0;
  return Math.min(itemList.max, filled + SPARE_ITEM_ROWS);
}

// ---------------------------------------------------------------------------------------------
// Values from Settings in the owner's text
// ---------------------------------------------------------------------------------------------

export type PageTokens = { school: string; monthlyPrice: string; yearlyPrice: string; yearlyDeal: string | null };

/** Replaces {school}, {monthly price}, {yearly price} and {yearly deal} (" (2 months free)" or nothing) with today's settings. */
export function fillTokens(text: string, tokens: PageTokens) {
  return text
    .replaceAll("{school}", tokens.school)
    .replaceAll("{monthly price}", tokens.monthlyPrice)
    .replaceAll("{yearly price}", tokens.yearlyPrice)
    .replaceAll("{yearly deal}", tokens.yearlyDeal ? ` (${tokens.yearlyDeal})` : "");
}

// ---------------------------------------------------------------------------------------------
// The home page before the owner has one
// ---------------------------------------------------------------------------------------------

/**
 * What the home page shows while no home page is stored (a new school, or a database from before
 * pages existed): the school's name, its courses, pricing. No figure, quote or claim of anyone's.
 * The editor starts the owner's home page from the same sections.
 */
type DefaultSection = { kind: PageSectionKind; content: Record<string, unknown> };

export const DEFAULT_HOME_SECTIONS: DefaultSection[] = [
  {
    kind: "hero",
    content: {
      headline: "Welcome to {school}",
      text: "Courses you can take at your own pace, with lifetime access to what you buy.",
      primaryLabel: "Browse courses",
      primaryHref: "/courses",
      secondaryLabel: "See membership",
      secondaryHref: "/pricing#membership",
    },
  },
  { kind: "featured_courses", content: { title: "Featured courses", linkLabel: "View all courses", linkHref: "/courses", limit: 3 } },
  {
    kind: "testimonials",
    content: { title: "What learners say", limit: 3, linkLabel: "Read all testimonials", linkHref: "/testimonials" },
  },
  { kind: "instructor", content: { eyebrow: "Meet the instructor", linkLabel: "More about us", linkHref: "/about" } },
  {
    kind: "pricing",
    content: {
      eyebrow: "Pricing",
      title: "One course, or all of them",
      intro:
        "Buy a single course with lifetime access, or join the all-access membership: {monthly price} per month, or {yearly price} per year{yearly deal}.",
      comparison: true,
    },
  },
];

/** The about page before the owner writes one: the school's name, and where to go next. */
export const DEFAULT_ABOUT_SECTIONS: DefaultSection[] = [
  { kind: "hero", content: { eyebrow: "About {school}", headline: "About {school}" } },
  {
    kind: "call_to_action",
    content: {
      title: "Ready to start?",
      buttonLabel: "Browse courses",
      buttonHref: "/courses",
      secondaryLabel: "See pricing",
      secondaryHref: "/pricing",
    },
  },
];

/**
 * The pricing page before the owner writes one: the real prices (from Settings and the plan
 * cards), what membership means here, and where billing questions go. No promise of anyone's
 * (support times, live sessions, refund windows): the owner adds theirs, and an FAQ, in the editor.
 */
export const DEFAULT_PRICING_SECTIONS: DefaultSection[] = [
  {
    kind: "hero",
    content: {
      eyebrow: "Pricing",
      headline: "Simple pricing, no surprises",
      text: "Buy the course you need today and keep it for life, or join the all-access membership for every course: {monthly price} per month, or {yearly price} per year{yearly deal}.",
    },
  },
  {
    kind: "pricing",
    content: {
      title: "Choose your plan",
      intro: "Membership renews automatically until you cancel. Cancel anytime from your account.",
      comparison: true,
    },
  },
  {
    kind: "call_to_action",
    content: {
      title: "Questions about billing?",
      text: "Read how refunds work, or write to us.",
      buttonLabel: "Read the refund policy",
      buttonHref: "/refund",
      secondaryLabel: "Contact us",
      secondaryHref: "/contact",
    },
  },
];

/** Each built-in page's title and address, and its sections while the school has none of its own. */
export const BUILT_IN_PAGE_DEFAULTS: Record<BuiltInPage, { title: string; path: string; sections: DefaultSection[] }> = {
  home: { title: "Home", path: "/", sections: DEFAULT_HOME_SECTIONS },
  about: { title: "About", path: "/about", sections: DEFAULT_ABOUT_SECTIONS },
  pricing: { title: "Pricing", path: "/pricing", sections: DEFAULT_PRICING_SECTIONS },
};
