import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../tests/support/app-server";
import {
  createAuthorizationSchool,
  ROLES,
  type AuthorizationSchool,
  type Secret,
  type Who,
} from "../../tests/support/authorization-fixtures";
import { discoverRoutes } from "../../tests/support/route-table";
import { useTestDatabase } from "../../tests/support/test-database";
import { and, eq } from "drizzle-orm";
import { bundles, enrollments, orderLines, orders, paymentPlans } from "~/server/db/schema";

/**
 * Issue 22, the authorization matrix: every loader and action of app/routes.ts and every route
 * server.ts answers itself, called over HTTP by a visitor, a signed-in user, a learner who holds
 * the paid course, an admin and the owner (super_admin). Each cell is the status (and where a
 * redirect goes) that caller must get; a route without a row here fails the first test. No answer
 * to anyone but an admin carries another person's e-mail, id or order, a paid lesson's content or
 * anything unpublished, unless the row says that caller sees it (and then it must be there).
 */

const database = useTestDatabase();

type Cell = string;
type Row = Record<Who, Cell>;
type Entry = {
  /** The address probed; the pattern itself when it has no parameters. */
  path?: (school: AuthorizationSchool) => string;
  /** GET, as a page load or a resource fetch. */
  loader?: Row;
  /** POST of a form no action accepts (`intent=authz-probe`): the guard answers, or the form's validation does. */
  action?: Row;
  /** What a non-admin caller sees here (and must see) of the school's secrets. */
  sees?: Partial<Record<Who, Secret[]>>;
  /** Sent with the POST instead of the probe form. */
  form?: (school: AuthorizationSchool) => Record<string, string>;
  /** The probe ends the session it is sent with: each caller sends a session of its own. */
  endsSession?: boolean;
  /** Routes that belong to another table (Better Auth's endpoints, React Router's handler). */
  coveredBy?: string;
  /**
   * A course's instructor who is not an admin (docs/decisions/059), where they are not answered as
   * the plain user is: their discussions inbox. Everywhere else the user's cell is theirs.
   */
  instructor?: { loader?: Cell; action?: Cell };
};

const row = (visitor: Cell, user: Cell, learner: Cell, admin: Cell, superAdmin: Cell): Row => ({
  visitor,
  user,
  learner,
  admin,
  super_admin: superAdmin,
});
/** Everyone the same. */
const everyone = (cell: Cell) => row(cell, cell, cell, cell, cell);
/** requireUser: a visitor signs in first. */
const signedIn = (cell: Cell) => row("302 /login", cell, cell, cell, cell);
/** requireAdmin. */
const admins = (cell: Cell) => row("302 /login", "403", "403", cell, cell);
/** requireSuperAdmin. */
const owner = (cell: Cell) => row("302 /login", "403", "403", "403", cell);
/** requireAnonymous: someone signed in goes to their account. */
const visitors = (cell: Cell) => row(cell, "302 /account", "302 /account", "302 /account", "302 /account");

const paidLesson = (school: AuthorizationSchool) => `/courses/${school.paidCourse.slug}/lessons/${school.paidCourse.paid.slug}`;
const paidLessonApi = (school: AuthorizationSchool, rest: string) => `/api/lessons/${school.paidCourse.paid.id}/${rest}`;
/** A video route's answers: the one access rule's 401/403, then what the file route finds. */
const lessonFile = (allowed: Cell) => row("401", "403", allowed, allowed, allowed);

/**
 * Every route, by its pattern in app/routes.ts or server.ts. Unpublished things are probed by
 * their real ids and slugs: the draft course, the draft post, the victim's order and certificate.
 */
const MATRIX: Record<string, Entry> = {
  // marketing
  "/": { loader: everyone("200") },
  "/pricing": { loader: everyone("200") },
  "/about": { loader: everyone("200") },
  "/contact": { loader: everyone("200"), action: everyone("400") },
  "/privacy": { loader: everyone("200") },
  "/terms": { loader: everyone("200") },
  "/refund": { loader: everyone("200") },
  "/playbooks": { loader: everyone("200") },
  "/testimonials": { loader: everyone("200") },
  "/newsletter": { loader: everyone("200"), action: everyone("303 /newsletter") },
  "/newsletter/confirm": { loader: everyone("200") },
  "/newsletter/unsubscribe": { loader: everyone("200"), action: everyone("200") },
  "/unsubscribe": { loader: everyone("200"), action: everyone("400") },

  // catalog: the unpublished course exists for admins only
  "/courses": { loader: everyone("200") },
  "/catalog": { loader: everyone("200") },
  "/courses/:slug": {
    path: (school) => `/courses/${school.draftCourse.slug}`,
    loader: row("404", "404", "404", "200", "200"),
    action: signedIn("400"),
  },
  // A draft bundle is not for sale: its page exists for nobody, an admin too (they preview it in the back office).
  "/bundles/:slug": { path: (school) => `/bundles/${school.draftBundle.slug}`, loader: everyone("404") },
  "/course/:slug": { path: (school) => `/course/${school.draftCourse.slug}`, loader: everyone("301 /courses/:draft") },
  // A certificate is checked by whoever holds its link: the learner's name, never their e-mail or id.
  "/certificates/:id": { path: (school) => `/certificates/${school.victim.certificateId}`, loader: everyone("200") },
  "/certificates/:id/pdf": { path: (school) => `/certificates/${school.victim.certificateId}/pdf`, loader: everyone("200") },
  // Only the person whose data it is may download it: an admin too gets 404 (issue 43).
  "/account/data-export/:exportId": {
    path: (school) => `/account/data-export/${school.victim.dataExportId}`,
    loader: row("302 /login", "404", "404", "404", "404"),
  },
  "/invoices/:id/pdf": {
    path: (school) => `/invoices/${school.victim.invoiceId}/pdf`,
    loader: row("302 /login", "404", "404", "200", "200"),
  },

  // learn: the paid lesson of the course only the learner holds
  "/courses/:courseSlug/lessons/:lessonSlug": {
    path: paidLesson,
    loader: row("302 /login", "403", "200", "200", "200"),
    action: signedIn("400"),
    sees: { learner: ["paidNotes", "paidDiscussion"] },
  },
  // the course's discussions (issue 42): the threads of the lessons each caller may open
  "/courses/:slug/discussions": {
    path: (school) => `/courses/${school.paidCourse.slug}/discussions`,
    loader: everyone("200"),
    sees: { learner: ["paidDiscussion"] },
  },
  // its discussion (issue 42): exactly who may open the lesson reads it; every write signs in first
  "/courses/:courseSlug/lessons/:lessonSlug/discussion": {
    path: (school) => `${paidLesson(school)}/discussion`,
    loader: row("302 /login", "403", "200", "200", "200"),
    action: signedIn("400"),
    sees: { learner: ["paidDiscussion"] },
  },
  "/learn/:courseSlug": {
    path: (school) => `/learn/${school.draftCourse.slug}`,
    loader: row("404", "404", "404", "302 /courses/:draft/lessons/:quiz", "302 /courses/:draft/lessons/:quiz"),
  },
  "/learn/:courseSlug/:lessonSlug": {
    path: (school) => `/learn/${school.paidCourse.slug}/${school.paidCourse.paid.slug}`,
    loader: everyone("301 /courses/:course/lessons/:paid"),
  },
  "/api/lessons/:lessonId/progress": {
    path: (school) => paidLessonApi(school, "progress"),
    action: row("401", "403", "200", "200", "200"),
    form: () => ({ intent: "position", position: "12" }),
  },

  // blog: the draft post exists for admins only
  "/blog": { loader: everyone("200") },
  "/blog/:slug": { path: (school) => `/blog/${school.draftPost.slug}`, loader: row("404", "404", "404", "200", "200") },
  "/blog/rss.xml": { loader: everyone("200") },

  // auth and account
  "/login": { loader: visitors("200"), action: visitors("400") },
  "/login/two-factor": { loader: visitors("302 /login"), action: visitors("302 /login") },
  "/signup": { loader: visitors("200"), action: visitors("400") },
  "/reset-password": { loader: visitors("200"), action: visitors("400") },
  "/reset-password/new": { loader: everyone("200"), action: everyone("400") },
  "/logout": { loader: everyone("302 /"), action: everyone("302 /"), endsSession: true },
  "/account": { loader: signedIn("200"), action: signedIn("400") },
  "/account/notifications": { loader: signedIn("200"), action: signedIn("400") },
  "/account/affiliate": { loader: signedIn("200"), action: signedIn("400") },
  "/account/membership": { loader: everyone("302 /account#membership"), action: signedIn("302 /account#membership") },

  // checkout: another person's order is not found, whoever asks
  // A visitor may buy as a guest (decision 048): the same answers as anyone's.
  "/checkout": { path: (school) => `/checkout?courseId=${school.draftCourse.id}`, loader: everyone("404"), action: everyone("400") },
  "/checkout/success": { path: (school) => `/checkout/success?order=${school.victim.orderId}`, loader: signedIn("404") },
  // The one-click offer after a purchase (decision 070): only the buyer's own order's, shown once; anyone else goes on to the confirmation, which finds nothing.
  "/checkout/offer": {
    path: (school) => `/checkout/offer?order=${school.victim.orderId}`,
    loader: signedIn("302 /checkout/success"),
    action: signedIn("400"),
  },
  "/checkout/cancel": { path: (school) => `/checkout/cancel?session_id=${school.victim.checkoutSessionId}`, loader: signedIn("404") },

  // first run only: once an owner exists, nobody's
  "/admin/setup": { loader: everyone("404"), action: everyone("404") },
  "/*": { path: () => "/no-such-page", loader: everyone("404") },
  // the owner's pages: one that does not exist is a 404 for everyone
  "/p/:slug": { path: () => "/p/no-such-page", loader: everyone("404") },

  // admin
  // The dashboard is the index route: a POST names it with ?index, as its own form does.
  "/admin": { path: () => "/admin?index", loader: admins("200"), action: owner("400") },
  "/admin/setup-sql": { loader: admins("200") },
  "/admin/blog": { loader: admins("200"), action: admins("400") },
  "/admin/blog/new": { loader: admins("200"), action: admins("400") },
  "/admin/blog/:id/edit": { path: (school) => `/admin/blog/${school.draftPost.id}/edit`, loader: admins("200"), action: admins("400") },
  "/admin/courses": { loader: admins("200"), action: admins("400") },
  "/admin/courses/new": { loader: admins("200"), action: admins("400") },
  "/admin/courses/:id/edit": {
    path: (school) => `/admin/courses/${school.draftCourse.id}/edit`,
    loader: admins("200"),
    action: admins("400"),
  },
  "/admin/courses/builder/:id": {
    path: (school) => `/admin/courses/builder/${school.draftCourse.id}`,
    loader: admins("200"),
    action: admins("400"),
  },
  "/admin/settings": { loader: owner("200"), action: owner("400") },
  "/admin/users": { loader: admins("200") },
  "/admin/users/import": { loader: admins("200"), action: admins("400") },
  "/admin/users/:id": { path: (school) => `/admin/users/${school.victim.id}`, loader: admins("200"), action: admins("400") },
  "/admin/users/export.csv": { loader: admins("200") },
  "/admin/orders/invoices.csv": { loader: admins("200") },
  "/admin/orders": { loader: admins("200"), action: admins("400") },
  "/admin/coupons": { loader: admins("200"), action: admins("400") },
  "/admin/tax": { loader: owner("200"), action: owner("400") },
  "/admin/affiliates": { loader: admins("200"), action: admins("400") },
  "/admin/affiliates/payouts": { loader: admins("200"), action: admins("400") },
  "/admin/affiliates/payouts.csv": { loader: admins("200") },
  // An affiliate's page, probed with an id that names nobody: admins get the 404, others never reach it.
  "/admin/affiliates/:id": {
    path: () => "/admin/affiliates/00000000-0000-4000-8000-000000000000",
    loader: admins("404"),
    action: admins("400"),
  },
  "/admin/topics": { loader: admins("200"), action: admins("400") },
  "/admin/coupons/new": { loader: admins("200"), action: admins("400") },
  "/admin/bundles": { loader: admins("200") },
  "/admin/bundles/new": { loader: admins("200"), action: admins("400") },
  "/admin/bundles/:id/edit": { path: (school) => `/admin/bundles/${school.draftBundle.id}/edit`, loader: admins("200"), action: admins("400") },
  "/admin/coupons/:id": { path: (school) => `/admin/coupons/${school.coupon.id}`, loader: admins("200"), action: admins("400") },
  "/admin/quizzes": { loader: admins("200") },
  "/admin/quizzes/:lessonId": { path: (school) => `/admin/quizzes/${school.draftCourse.quizLessonId}`, loader: admins("200") },
  "/admin/reviews": { loader: admins("200"), action: admins("400") },
  // An instructor's inbox too: their own courses' threads only (docs/decisions/059).
  "/admin/discussions": { loader: admins("200"), action: admins("400"), instructor: { loader: "200", action: "400" } },
  "/admin/pages": { loader: admins("200") },
  "/admin/pages/new": { loader: admins("200"), action: admins("400") },
  // An id that names no page: an admin's 404 comes after the guard.
  "/admin/pages/:id": { path: () => "/admin/pages/00000000-0000-4000-8000-000000000000", loader: admins("404"), action: admins("404") },
  "/admin/pages/navigation": { loader: admins("200"), action: admins("400") },
  "/admin/pages/legal/:slug": { path: () => "/admin/pages/legal/refund", loader: admins("200"), action: admins("400") },
  "/admin/pages/:id/preview": { path: () => "/admin/pages/00000000-0000-4000-8000-000000000000/preview", loader: admins("404") },
  "/admin/announcements": { loader: admins("200") },
  "/admin/announcements/new": { loader: admins("200"), action: admins("400") },
  "/admin/subscribers": { loader: admins("200") },
  "/admin/subscribers/export.csv": { loader: admins("200") },
  // Adding people to the newsletter is the owner's, as e-mailing it is (decision 042); the probe sends no file.
  "/admin/subscribers/import": { loader: owner("200"), action: owner("400") },
  "/admin/analytics": { loader: admins("200") },
  "/admin/analytics/export.csv": { loader: admins("200") },
  "/admin/system": { loader: owner("200"), action: owner("303 /admin/system") },
  "/admin/developers": { loader: owner("200"), action: owner("400") },
  "/admin/developers/new": { loader: owner("200"), action: owner("400") },
  "/admin/developers/docs": { loader: owner("200") },
  "/admin/developers/webhooks": { loader: owner("200") },
  "/admin/developers/webhooks/new": { loader: owner("200"), action: owner("400") },
  // An id that names no endpoint: the owner's 404 comes after the guard.
  "/admin/developers/webhooks/:id": {
    path: () => "/admin/developers/webhooks/00000000-0000-4000-8000-000000000000",
    loader: owner("404"),
    action: owner("400"),
  },
  "/api/admin/markdown-preview": { action: admins("200") },

  // public resources
  "/.well-known/jwks.json": { loader: everyone("200") },
  "/api/me": { loader: everyone("401") },
  // The REST API takes an API key only: every session, the owner's included, is a 401 there.
  "/api/v1/*": { path: () => "/api/v1/users", loader: everyone("401"), action: everyone("401") },
  "/data/courses.json": { loader: everyone("200") },
  "/robots.txt": { loader: everyone("200") },
  "/sitemap.xml": { loader: everyone("200") },
  "/art/cover.svg": { loader: everyone("200") },

  // server.ts's own routes
  "/healthz": { loader: everyone("200") },
  "/api/auth/{*rest}": { coveredBy: "Better Auth's endpoints (auth-endpoints.db.test.ts)" },
  "/media/:bucket/{*key}": { path: (school) => `/media/course-videos/${school.secrets.paidVideoKey}`, loader: everyone("404") },
  "/api/uploads/:kind": { path: () => "/api/uploads/course-cover", action: row("401", "403", "403", "400", "400") },
  "/api/lessons/:lessonId/video": { path: (school) => paidLessonApi(school, "video"), loader: lessonFile("200") },
  "/api/lessons/:lessonId/stream/{*file}": { path: (school) => paidLessonApi(school, "stream/master.m3u8"), loader: lessonFile("404") },
  "/api/lessons/:lessonId/captions.vtt": { path: (school) => paidLessonApi(school, "captions.vtt"), loader: lessonFile("200") },
  // A lesson's downloadable file (issue 38): the same rule as the lesson, on every request.
  "/api/lessons/:lessonId/files/:fileId": {
    path: (school) => paidLessonApi(school, `files/${school.paidCourse.paidFileId}`),
    loader: lessonFile("200"),
  },
  "/api/webhooks/stripe": { action: everyone("404") },
  "/{*path}": { coveredBy: "the rows of app/routes.ts" },
};

type Methods = { loader: boolean; action: boolean };

/** The routes a declaration is missing for, or declared wrongly (a loader row for a route without one). */
function undeclared(routes: Record<string, Methods>, matrix: Record<string, Entry>) {
  const problems = Object.entries(routes).flatMap(([pattern, methods]) => {
    const entry = matrix[pattern];
    if (!entry) return [`${pattern}: no row`];
    if (entry.coveredBy) return [];
    return (["loader", "action"] as const)
      .filter((kind) => methods[kind] !== Boolean(entry[kind]))
      .map((kind) => `${pattern}: ${kind} row ${methods[kind] ? "missing" : "for none"}`);
  });
  const stale = Object.keys(matrix)
    .filter((pattern) => !routes[pattern])
    .map((pattern) => `${pattern}: no such route`);
  return [...problems, ...stale];
}

let app: Awaited<ReturnType<typeof startAppServer>>;
let school: AuthorizationSchool;

/** Routes server.ts answers itself (app.get/post/all), read from the Express app: GET is a loader, anything else an action. */
function expressRoutes(express: Express): Record<string, Methods> {
  const stack = (express as unknown as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router
    .stack;
  return Object.fromEntries(
    stack.flatMap((layer) =>
      layer.route ? [[layer.route.path, { loader: Boolean(layer.route.methods.get), action: !layer.route.methods.get }] as const] : [],
    ),
  );
}

const tableRoutes = await discoverRoutes();
/** A GET row for every page (one without a loader still renders) and resource route with a loader; an action row where a module has an action. */
const reactRouterRoutes: Record<string, Methods> = {};
for (const { pattern, module } of tableRoutes) {
  const methods = (reactRouterRoutes[pattern] ??= { loader: false, action: false });
  methods.loader ||= Boolean(module.loader || module.default);
  methods.action ||= Boolean(module.action);
}

beforeAll(async () => {
  app = await startAppServer({ routes: () => true });
  school = await createAuthorizationSchool(database().db);
}, 60_000);

afterAll(() => app?.close());

/** A location with the school's slugs and ids written as names, so a row can say where a redirect goes. */
function named(location: string) {
  const names: [string, string][] = [
    [school.paidCourse.paid.slug, ":paid"],
    [school.paidCourse.preview.slug, ":preview"],
    [school.paidCourse.slug, ":course"],
    [school.draftCourse.slug, ":draft"],
    [school.draftCourse.quizLessonSlug, ":quiz"],
  ];
  return names.reduce((path, [value, name]) => path.replaceAll(value, name), location.split("?")[0]);
}

async function probe(method: "GET" | "POST", path: string, cookie: string, form: Record<string, string>) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(`${app.base}${path}`, { method, headers, body, redirect: "manual" });
  // latin1 keeps every byte of a PDF or video as one character, so a secret in it is still found.
  const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
  const location = response.headers.get("location");
  return { cell: `${response.status}${location ? ` ${named(location)}` : ""}`, text };
}

/** The school's secrets found in an answer. */
const secretsIn = (text: string) =>
  (Object.entries(school.secrets) as [Secret, string][]).filter(([, value]) => text.includes(value)).map(([name]) => name);

describe("the authorization matrix (issue 22)", () => {
  it("has a row for every route of app/routes.ts and server.ts, and none for a route that is gone", () => {
    expect(undeclared({ ...reactRouterRoutes, ...expressRoutes(app.app) }, MATRIX)).toEqual([]);
    // The walk found both tables, so an empty list means something.
    expect(Object.keys(reactRouterRoutes).length).toBeGreaterThan(60);
    expect(Object.keys(expressRoutes(app.app))).toEqual(
      expect.arrayContaining(["/api/uploads/:kind", "/api/lessons/:lessonId/video", "/{*path}"]),
    );
  });

  it("fails for a route nobody declared, and for a missing action row", () => {
    expect(undeclared({ "/new-page": { loader: true, action: false } }, {})).toEqual(["/new-page: no row"]);
    expect(undeclared({ "/account": { loader: true, action: true } }, { "/account": { loader: everyone("200") } })).toEqual([
      "/account: action row missing",
    ]);
  });

  const probes = Object.entries(MATRIX).flatMap(([pattern, entry]) =>
    (["loader", "action"] as const).flatMap((kind) =>
      entry[kind] ? [[`${kind === "loader" ? "GET" : "POST"} ${pattern}`, pattern, kind] as const] : [],
    ),
  );

  it.each(probes)("%s answers each caller as declared, with nothing private in what it refuses", async (_name, pattern, kind) => {
    const entry = MATRIX[pattern];
    const path = entry.path?.(school) ?? pattern;
    const form = entry.form?.(school) ?? { intent: "authz-probe" };
    const answers = await Promise.all(
      ROLES.map(async (who) => {
        const cookie = entry.endsSession ? await school.freshCookie(who) : school.cookies[who];
        return [who, await probe(kind === "loader" ? "GET" : "POST", path, cookie, form)] as const;
      }),
    );
    expect(Object.fromEntries(answers.map(([who, answer]) => [who, answer.cell]))).toEqual(entry[kind]);
    // What the caller sent (an id in the address) is no leak when it comes back.
    const sent = `${path} ${JSON.stringify(form)}`;
    for (const [who, answer] of answers) {
      const refused = /^(3|401|403|404)/.test(answer.cell);
      // An admin may see anything an admin page shows; what anyone is refused carries nothing.
      if ((who === "admin" || who === "super_admin") && !refused) continue;
      const seen = secretsIn(answer.text).filter((secret) => !sent.includes(school.secrets[secret]));
      expect(seen, `${who}: ${answer.cell}`).toEqual(refused ? [] : (entry.sees?.[who] ?? []));
    }
  });

  it("carries nothing private in the data requests of the same pages (`.data`, as client navigation asks)", async () => {
    const leaks: string[] = [];
    for (const [pattern, entry] of Object.entries(MATRIX)) {
      if (!entry.loader || !reactRouterRoutes[pattern] || entry.endsSession) continue;
      const url = new URL(entry.path?.(school) ?? pattern, app.base);
      const dataPath = `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
      for (const who of ["visitor", "user", "learner"] as const) {
        const answer = await probe("GET", dataPath, school.cookies[who], {});
        const seen = secretsIn(answer.text).filter((secret) => !url.href.includes(school.secrets[secret]));
        const allowed = entry.sees?.[who] ?? [];
        for (const secret of seen) if (!allowed.includes(secret)) leaks.push(`${who} ${dataPath}: ${secret}`);
        // What the row says this caller sees is in the data too: the data request reached the loader.
        for (const secret of allowed) if (!seen.includes(secret)) leaks.push(`${who} ${dataPath}: no ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it.each(probes)(
    "%s answers a course's instructor as the plain user, but in their inbox, with nothing of a course they do not teach",
    async (_name, pattern, kind) => {
      const entry = MATRIX[pattern];
      const path = entry.path?.(school) ?? pattern;
      const form = entry.form?.(school) ?? { intent: "authz-probe" };
      const cookie = entry.endsSession ? await school.freshCookie("instructor") : school.instructor.cookie;
      const answer = await probe(kind === "loader" ? "GET" : "POST", path, cookie, form);
      expect(answer.cell).toBe(entry.instructor?.[kind] ?? entry[kind]!.user);
      const refused = /^(3|401|403|404)/.test(answer.cell);
      const sent = `${path} ${JSON.stringify(form)}`;
      const seen = secretsIn(answer.text).filter((secret) => !sent.includes(school.secrets[secret]));
      expect(seen, answer.cell).toEqual(refused ? [] : (entry.sees?.user ?? []));
    },
  );

  it("closes the paid course to a learner whose payment plan is paused, says why on the course and lesson pages, and reopens it when paid (decision 069)", async () => {
    const db = database().db;
    const [order] = await db
      .insert(orders)
      .values({ userId: school.ids.learner, kind: "course", courseId: school.paidCourse.id, amountCents: 6900, provider: "test", status: "paid" })
      .returning({ id: orders.id });
    const [plan] = await db
      .insert(paymentPlans)
      .values({
        orderId: order!.id,
        userId: school.ids.learner,
        courseId: school.paidCourse.id,
        title: "Plan",
        payments: 3,
        paidCount: 1,
        instalmentCents: 6900,
        currency: "usd",
        provider: "test",
        status: "paused",
      })
      .returning({ id: paymentPlans.id });
    try {
      const lesson = await probe("GET", paidLesson(school), school.cookies.learner, {});
      expect(lesson.cell).toBe("403");
      expect(secretsIn(lesson.text)).toEqual([]);
      expect(lesson.text).toContain("Your payment plan is paused");
      const course = await probe("GET", `/courses/${school.paidCourse.slug}`, school.cookies.learner, {});
      expect(course.text).toContain("Your payment plan is paused");
      // Paid: active again, and the lesson opens.
      await db.update(paymentPlans).set({ status: "active" }).where(eq(paymentPlans.id, plan!.id));
      expect((await probe("GET", paidLesson(school), school.cookies.learner, {})).cell).toBe("200");
    } finally {
      await db.delete(paymentPlans).where(eq(paymentPlans.id, plan!.id));
      await db.delete(orders).where(eq(orders.id, order!.id));
    }
  });

  it("closes a bundle's course to a learner whose bundle plan is paused, unless they hold it another way, and reopens it when paid (decision 073)", async () => {
    const db = database().db;
    const [bundle] = await db
      .insert(bundles)
      .values({ title: "Matrix bundle", slug: `matrix-bundle-${Date.now()}`, priceCents: 20000, status: "published" })
      .returning({ id: bundles.id });
    const [order] = await db
      .insert(orders)
      .values({ userId: school.ids.learner, kind: "bundle", bundleId: bundle!.id, amountCents: 6900, provider: "test", status: "paid" })
      .returning({ id: orders.id });
    await db.insert(orderLines).values({
      orderId: order!.id,
      position: 0,
      kind: "bundle",
      bundleId: bundle!.id,
      bundleCourseIds: [school.paidCourse.id],
      title: "Matrix bundle, payment 1 of 3",
      listPriceCents: 6900,
      amountCents: 6900,
    });
    const [plan] = await db
      .insert(paymentPlans)
      .values({
        orderId: order!.id,
        userId: school.ids.learner,
        bundleId: bundle!.id,
        title: "Matrix bundle",
        payments: 3,
        paidCount: 1,
        instalmentCents: 6900,
        currency: "usd",
        provider: "test",
        status: "paused",
      })
      .returning({ id: paymentPlans.id });
    await db.update(orders).set({ paymentPlanId: plan!.id, instalmentNumber: 1 }).where(eq(orders.id, order!.id));
    const learnerEnrollment = and(eq(enrollments.userId, school.ids.learner), eq(enrollments.courseId, school.paidCourse.id));
    const [before] = await db.select({ source: enrollments.source }).from(enrollments).where(learnerEnrollment);
    try {
      // Held another way (the fixture's own purchase): the paused bundle plan does not close it.
      expect((await probe("GET", paidLesson(school), school.cookies.learner, {})).cell).toBe("200");
      // Held by the bundle only: closed, with the reason on the lesson and course pages.
      await db.update(enrollments).set({ source: "bundle" }).where(learnerEnrollment);
      const lesson = await probe("GET", paidLesson(school), school.cookies.learner, {});
      expect(lesson.cell).toBe("403");
      expect(secretsIn(lesson.text)).toEqual([]);
      expect(lesson.text).toContain("Your payment plan is paused");
      const course = await probe("GET", `/courses/${school.paidCourse.slug}`, school.cookies.learner, {});
      expect(course.text).toContain("Your payment plan is paused");
      // Nobody else is touched by the learner's plan.
      expect((await probe("GET", paidLesson(school), school.cookies.user, {})).cell).toBe("403");
      expect((await probe("GET", paidLesson(school), school.cookies.admin, {})).cell).toBe("200");
      // Its Stripe subscription ended before it was paid in full: canceled, closed the same way.
      await db.update(paymentPlans).set({ status: "canceled" }).where(eq(paymentPlans.id, plan!.id));
      expect((await probe("GET", paidLesson(school), school.cookies.learner, {})).cell).toBe("403");
      // Paid: active again, and the lesson opens.
      await db.update(paymentPlans).set({ status: "active" }).where(eq(paymentPlans.id, plan!.id));
      expect((await probe("GET", paidLesson(school), school.cookies.learner, {})).cell).toBe("200");
    } finally {
      await db.update(enrollments).set({ source: before!.source }).where(learnerEnrollment);
      await db.update(orders).set({ paymentPlanId: null }).where(eq(orders.id, order!.id));
      await db.delete(paymentPlans).where(eq(paymentPlans.id, plan!.id));
      await db.delete(orders).where(eq(orders.id, order!.id));
      await db.delete(bundles).where(eq(bundles.id, bundle!.id));
    }
  });

  it("shows the instructor's inbox their own course's question, in the page and its `.data`", async () => {
    for (const path of ["/admin/discussions", "/admin/discussions.data"]) {
      const answer = await probe("GET", path, school.instructor.cookie, {});
      expect(answer.cell, path).toBe("200");
      expect(answer.text, path).toContain(school.instructor.taughtDiscussion);
      expect(secretsIn(answer.text), path).toEqual([]);
    }
    const asked = await probe("GET", `/admin/discussions.data?course=${school.paidCourse.id}`, school.instructor.cookie, {});
    expect(secretsIn(asked.text)).toEqual([]);
  });
});
