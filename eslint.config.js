import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import localRules from "./tools/eslint/route-server-imports.js";

/**
 * The route modules: root.tsx and every file app/routes.ts names. Read from the route table's
 * text because this config cannot load TypeScript; eslint-boundaries.test.ts checks the result
 * against the real table.
 */
const routeModules = [
  "app/root.tsx",
  ...Array.from(
    fs.readFileSync(new URL("app/routes.ts", import.meta.url), "utf8").matchAll(/"(routes\/[^"]+\.tsx?)"/g),
    ([, file]) => `app/${file}`,
  ),
];

/**
 * Each value has one home (docs/decisions/016). Dates are formatted only in app/lib/dates.ts;
 * upload kinds (their types, limits, accept lists and refusal texts) are declared only in
 * app/lib/upload-kinds.ts. eslint-boundaries.test.ts checks that these rules fire.
 */
const DATE_FORMAT_MESSAGE = "Format dates with app/lib/dates.ts: one module owns every date format, in UTC so server and browser agree.";
const dateFormatSyntax = [
  { selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']", message: DATE_FORMAT_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]", message: DATE_FORMAT_MESSAGE },
  {
    // A number's toLocaleString is fine; one given date or time options formats a date.
    selector:
      "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(dateStyle|timeStyle|timeZone|year|month|day|weekday|hour|minute|second)$/]",
    message: DATE_FORMAT_MESSAGE,
  },
  {
    selector: "CallExpression[callee.property.name=/^(slice|substring|substr|split)$/][callee.object.callee.property.name='toISOString']",
    message: DATE_FORMAT_MESSAGE,
  },
];
const dateFormatImports = {
  paths: [
    {
      name: "date-fns",
      importNames: [
        "format",
        "formatDate",
        "lightFormat",
        "formatISO",
        "formatISO9075",
        "formatRFC3339",
        "formatRFC7231",
        "formatRelative",
        "formatDistance",
        "formatDistanceStrict",
        "formatDistanceToNow",
        "formatDistanceToNowStrict",
        "intlFormat",
        "intlFormatDistance",
      ],
      message: DATE_FORMAT_MESSAGE,
    },
  ],
  patterns: [{ group: ["date-fns/*format*", "date-fns/*Format*", "@date-fns/*"], message: DATE_FORMAT_MESSAGE }],
};
const UPLOAD_KIND_MESSAGE =
  "Upload kinds (types, limits, accept lists, messages) are declared once, in app/lib/upload-kinds.ts: read them from UPLOAD_KINDS.";
const uploadKindSyntax = [
  { selector: "Literal[value=/^(image|video)\\/(jpeg|png|webp|gif|avif|mp4|webm|quicktime)\\b/]", message: UPLOAD_KIND_MESSAGE },
  { selector: "TemplateElement[value.raw=/(image|video)\\/(jpeg|png|webp|gif|avif|mp4|webm|quicktime)\\b/]", message: UPLOAD_KIND_MESSAGE },
  { selector: "Literal[value=/^(File size must be less than|Please select a (video file|JPEG))/]", message: UPLOAD_KIND_MESSAGE },
];
/** Every action reads its form through readForm (app/server/action.server.ts): 415 for a JSON body, not a 500. */
const formBodySyntax = [
  {
    selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
    message: "Read a posted form with readForm(request) from ~/server/action.server: it answers 415/400 to a body no form sends.",
  },
];
const valueFiles = ["app/**/*.ts", "app/**/*.tsx"];
const valueTests = ["app/**/*.test.ts", "app/**/*.test.tsx"];

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // useTestDatabase() registers Vitest hooks; it is not a React hook.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },

  // ----- The server/client boundary ------------------------------------------------------------
  //
  // Code that can reach the browser bundle must not import server code: anything under
  // app/server/ and any `*.server` module. That is every file in app/ except:
  // - app/server/** and `*.server.ts(x)` files (server-only by name; entry.server.tsx too);
  // - route modules (`routeModules` above). React Router strips `loader` and `action` and what
  //   only they import from the browser build, and fails the build if a `.server` module is
  //   still reachable. A component or helper beside a route (routes/account/account-courses.tsx,
  //   routes/auth/auth-forms.ts) is not a route module and is checked;
  // - tests (`*.test.ts(x)`). scripts/, bench/, tests/, server.ts and the config files are
  //   outside app/ and run only in Node.
  //
  // `import type` from a server module is allowed: types are erased, and client components
  // describe their props with the loader's row types. `import { type X }` is not erased: with
  // verbatimModuleSyntax TypeScript keeps it as `import {} from "…"`, which still loads the
  // module, so no-import-type-side-effects rejects it. Dynamic `import()` is not checked; client
  // code has none.
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/server/**", "app/**/*.server.ts", "app/**/*.server.tsx", "app/**/*.test.ts", "app/**/*.test.tsx", ...routeModules],
    rules: {
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message:
                'Code that can reach the browser imports zod from "~/lib/forms/zod" (it keeps zod\'s eval probe, refused by the CSP, from running).',
            },
          ],
          patterns: [
            {
              // "~/server/…", "../server/…", "../../server/db/schema", …
              regex: "^(~|\\.{1,2})(/[^/]+)*/server(/|$)",
              caseSensitive: true,
              allowTypeImports: true,
              message:
                "Server code stays out of the browser bundle: call it from a route's loader or action or a *.server.ts file, or move shared values to app/lib.",
            },
            {
              regex: "\\.server(\\.[cm]?[jt]sx?)?$",
              caseSensitive: true,
              allowTypeImports: true,
              message:
                "A *.server module is for the server only: call it from a route's loader or action or another *.server.ts file, or move shared values to app/lib.",
            },
          ],
        },
      ],
    },
  },
  // ----- One home for each value ----------------------------------------------------------------
  {
    files: valueFiles,
    ignores: [...valueTests, "app/lib/dates.ts", "app/lib/upload-kinds.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...dateFormatSyntax, ...uploadKindSyntax, ...formBodySyntax],
      "no-restricted-imports": ["error", dateFormatImports],
    },
  },
  {
    files: ["app/lib/dates.ts"],
    rules: { "no-restricted-syntax": ["error", ...uploadKindSyntax, ...formBodySyntax] },
  },
  {
    files: ["app/lib/upload-kinds.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...dateFormatSyntax, ...formBodySyntax],
      "no-restricted-imports": ["error", dateFormatImports],
    },
  },
  // Server code depends on app/lib, never on the UI: a component or a route pulled into the
  // server's modules drags React and browser code along and inverts the layers. Type imports
  // count too; a type both sides need belongs in app/lib.
  {
    files: ["app/server/**/*.ts", "app/server/**/*.tsx"],
    ignores: ["app/server/**/*.test.ts", "app/server/**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // "~/components/…", "~/routes/…", "../../components/…", …
              regex: "^(~|\\.{1,2})(/[^/]+)*/(components|routes)(/|$)",
              caseSensitive: true,
              message: "Server code must not import components or routes: move what both need to app/lib.",
            },
            {
              // The scripts (`npm run worker`, `npm run admin`, …) run server code under plain tsx,
              // which cannot load Vite's `?raw`/`?url` imports: the worker crashed on one (issue 36).
              regex: "\\?(raw|url|inline)$",
              message:
                "Server code runs under plain tsx too (npm run worker, the scripts): no Vite-only `?raw`/`?url` imports; generate a .ts module instead.",
            },
          ],
        },
      ],
    },
  },
  // ----- Thin routes ----------------------------------------------------------------------------
  //
  // A route module under app/routes imports server code only through its own `./<name>.server`
  // file, where its loader and action live (tools/eslint/route-server-imports.js, decision 043).
  {
    files: routeModules.filter((file) => file.startsWith("app/routes/")),
    plugins: { local: localRules },
    rules: { "local/route-server-imports": "error" },
  },
);
