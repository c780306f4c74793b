import { asc, eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { courses, lessons, users } from "~/server/db/schema";
import { callAction, sessionUser, type ActionCall } from "./route-harness";
import { useTestDatabase } from "./test-database";

/** An action's answer that stays on the page: its data and its status. */
export type Answer = {
  data: {
    toast: { kind: string; message: string; description?: string };
    errors?: Record<string, string[]>;
    values?: { title: string; shortDescription: string; price: string; lessons: { title: string }[]; topics: string[] };
  };
  init?: { status?: number };
};

/** The New Course form as a browser sends it. */
function newCourseForm(title: string, extra: Record<string, string> = {}) {
  return {
    intent: "publish",
    title,
    slug: "",
    shortDescription: "Learn it in a weekend.",
    longDescriptionMd: "## Why\n\nBecause.",
    price: "49",
    level: "Intermediate",
    "topics.automation": "Automation",
    track: "Automation Track",
    outcomes: "Build a flow\n\n  Ship it  ",
    coverUrl: "",
    ...extra,
  };
}

/**
 * What the course editor's route tests share (New Course, Edit Course, the course list): a fresh
 * database with a signed-in admin, a `submit` that posts a form as that admin, and readers for
 * what was saved. Call it once at the top of a test file; it registers that file's hooks.
 */
export function useCourseEditorFixtures() {
  const database = useTestDatabase();
  const db = () => database().db;

  const admin = sessionUser({ role: "admin", name: "Ada Admin" });

  beforeAll(async () => {
    await db().insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  });

  function submit<M extends Parameters<typeof callAction>[0]>(
    module: M,
    path: string,
    form: ActionCall["form"],
    params?: ActionCall["params"],
  ) {
    return callAction(module, { path, form, params, user: admin });
  }

  async function courseBySlug(slug: string) {
    const [course] = await db().select().from(courses).where(eq(courses.slug, slug));
    return course;
  }

  async function lessonsOf(courseId: string) {
    return db()
      .select({ id: lessons.id, title: lessons.title, orderIndex: lessons.orderIndex })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.orderIndex));
  }

  return { db, admin, submit, courseBySlug, lessonsOf, newCourseForm };
}
