import path from "node:path";

/**
 * A route module reaches server code only through its own `./<name>.server` file beside it
 * (docs/decisions/043): app/routes/admin/users.tsx may import "./users.server" and nothing else
 * under app/server or named `*.server`. The loader and action live in that file, so the route
 * module reads as the page and its data's shape. `import type` is allowed (types are erased);
 * `~/lib`, `~/components` and the shared form files beside a route (`*-form.ts`) are not server
 * code and stay free to import.
 */

/** "~/server/…", "../server/…", "../../server/db/schema", …, and any "*.server" module. */
const SERVER_CODE = /^(~|\.{1,2})(\/[^/]+)*\/server(\/|$)|\.server(\.[cm]?[jt]sx?)?$/;

const sourceOf = (node) => (node.source && typeof node.source.value === "string" ? node.source.value : null);

/** @type {import("eslint").Rule.RuleModule} */
export const routeServerImports = {
  meta: {
    type: "problem",
    docs: { description: "A route module imports server code only through its own ./<name>.server file." },
    messages: {
      notOwn:
        'A route module reaches server code only through its own "{{own}}" file: put the loader or action there (docs/decisions/043), not "{{source}}".',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const own = `./${path.basename(file).replace(/\.[cm]?[jt]sx?$/, "")}.server`;
    const allowed = new Set([own, `${own}.ts`, `${own}.tsx`]);
    function check(node) {
      const source = sourceOf(node);
      if (source === null || node.importKind === "type" || node.exportKind === "type") return;
      if (!SERVER_CODE.test(source) || allowed.has(source)) return;
      context.report({ node: node.source, messageId: "notOwn", data: { own, source } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string") check({ source: node.source });
      },
    };
  },
};

export default { rules: { "route-server-imports": routeServerImports } };
