import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { formatIsoDay } from "~/lib/dates";
import {
  LESSON_TYPES,
  LEVELS,
  PLAYBOOK_CATEGORIES,
  POST_CATEGORIES,
  TESTIMONIAL_SOURCES,
  TOPICS,
  VIDEO_PROVIDERS,
} from "~/lib/domain-values";

/**
 * The demo school (Launchpad Academy, a fictional online school) as content files, read only
 * when seeding: nothing here is imported by the running site, so the production server bundle
 * carries none of it. Every person, course, post, playbook and testimonial is invented for this
 * project; all text is original. The layout (docs/decisions/020-demo-content-files.md):
 *
 *   content/demo/people.json                        the instructor and the learners
 *   content/demo/playbooks.json, testimonials.json  lists
 *   content/demo/courses/NN-<slug>/course.md        a course: front matter, long description as the body
 *   content/demo/courses/NN-<slug>/lessons/<slug>.md  a lesson: front matter, its markdown as the body
 *   content/demo/posts/NN-<slug>.md                 a blog post: front matter, the post as the body
 *   content/demo/pages/<slug>.json                  a page built from sections (home.json is the home page)
 *
 * NN orders courses and posts; the course's `modules` list orders its lessons. Slugs come from
 * the file and folder names. Like the migrations (MIGRATIONS_DIR, ./drizzle), the folder is found
 * from the working directory the server, the scripts and the tests start in: the repository root.
 */
export const DEMO_CONTENT_DIR = path.resolve("content/demo");

/** YYYY-MM-DD. YAML reads an unquoted date as a Date: both are accepted and kept as the day's text. */
const day = z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a YYYY-MM-DD date"), z.date().transform((date) => formatIsoDay(date))]);
const rating = z.int().min(1).max(5) as unknown as z.ZodType<1 | 2 | 3 | 4 | 5>;
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case words joined by hyphens");

/** A demo account. `key` is stable and is used for review authorship, user ids and avatar file names. */
const personSchema = z.strictObject({
  key: slug,
  name: z.string().min(1),
  email: z.email(),
  headline: z.string(),
  bio: z.string(),
  joinedAt: day,
});

const peopleSchema = z.strictObject({
  instructor: personSchema,
  /** Ordered by join date: courses enroll the first N of this list. */
  learners: z.array(personSchema),
});

const lessonSchema = z.strictObject({
  title: z.string().min(1),
  type: z.enum(LESSON_TYPES),
  summary: z.string(),
  /** null for articles; demo videos are made-up YouTube embeds. */
  videoProvider: z.enum(VIDEO_PROVIDERS).exclude(["upload"]).nullable(),
  videoUrl: z.string().nullable(),
  /** Video length, or reading time for articles. */
  durationSeconds: z.int().min(0),
  isPreview: z.boolean(),
});

const courseSchema = z.strictObject({
  title: z.string().min(1),
  /** One or two sentences, used as the card blurb and the short description. */
  subtitle: z.string(),
  priceCents: z.int().min(0),
  level: z.enum(LEVELS),
  topics: z.array(z.enum(TOPICS)),
  track: z.string(),
  outcomes: z.array(z.string()),
  isFeatured: z.boolean(),
  publishedAt: day,
  /** The first N of the learners are enrolled in this course. */
  enrolledLearners: z.int().min(0),
  reviews: z.array(z.strictObject({ learner: slug, rating, comment: z.string(), date: day })),
  /** Each module's lessons by their file names (without .md), in order. */
  modules: z.array(z.strictObject({ title: z.string().min(1), description: z.string(), lessons: z.array(slug) })),
});

const postSchema = z.strictObject({
  title: z.string().min(1),
  /** 140-200 characters */
  excerpt: z.string(),
  category: z.enum(POST_CATEGORIES),
  tags: z.array(z.string()),
  publishedAt: day,
  viewCount: z.int().min(0),
});

const playbookSchema = z.strictObject({
  slug,
  title: z.string().min(1),
  category: z.enum(PLAYBOOK_CATEGORIES),
  duration: z.string(),
  level: z.enum(LEVELS),
  description: z.string(),
  /** null = "Included in membership" */
  priceCents: z.int().min(0).nullable(),
  /** The course this playbook belongs with; its card links there. */
  courseSlug: slug,
  popularity: z.number(),
  updatedAt: day,
});

const testimonialSchema = z.strictObject({
  name: z.string().min(1),
  role: z.string(),
  rating,
  quote: z.string(),
  category: z.enum(PLAYBOOK_CATEGORIES),
  source: z.enum(TESTIMONIAL_SOURCES),
  date: day,
});

export type DemoPerson = z.output<typeof personSchema>;
export type DemoLesson = z.output<typeof lessonSchema> & { slug: string; contentMd: string };
export type DemoModule = { title: string; description: string; lessons: DemoLesson[] };
export type DemoCourse = Omit<z.output<typeof courseSchema>, "modules"> & {
  slug: string;
  longDescriptionMd: string;
  modules: DemoModule[];
};
export type DemoPost = z.output<typeof postSchema> & { slug: string; contentMd: string };
export type DemoPlaybook = z.output<typeof playbookSchema>;
export type DemoTestimonial = z.output<typeof testimonialSchema>;

/** A page: its sections' content is checked by each kind's own schema when it is written (~/lib/page-sections). */
const pageSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string(),
  sections: z.array(z.strictObject({ kind: z.string(), content: z.record(z.string(), z.unknown()) })),
});
export type DemoPage = z.infer<typeof pageSchema> & { slug: string };

export type DemoSchool = {
  pages: DemoPage[];
  instructor: DemoPerson;
  learners: DemoPerson[];
  courses: DemoCourse[];
  posts: DemoPost[];
  playbooks: DemoPlaybook[];
  testimonials: DemoTestimonial[];
};

class DemoContentError extends Error {
  name = "DemoContentError";
}

function parse<T extends z.ZodType>(schema: T, value: unknown, file: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DemoContentError(`Demo content ${file} is not valid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

function readJson<T extends z.ZodType>(schema: T, file: string) {
  return parse(schema, JSON.parse(fs.readFileSync(file, "utf8")), file);
}

/** A markdown file's front matter, checked by the schema, and its body without surrounding blank lines. */
function readMarkdown<T extends z.ZodType>(schema: T, file: string) {
  const { data, content } = matter(fs.readFileSync(file, "utf8"));
  return { data: parse(schema, data, file), body: content.trim() };
}

/** Names in a folder, sorted, with their NN- order prefix split off: `03-my-post.md` is `my-post`. */
function orderedEntries(folder: string, extension = "") {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => {
      const match = /^\d+-(.+)$/.exec(name.slice(0, name.length - extension.length));
      if (!match) throw new DemoContentError(`Demo content ${path.join(folder, name)}: name it NN-<slug>${extension} (NN orders the list)`);
      return { file: path.join(folder, name), slug: match[1] };
    });
}

function readCourse(folder: string, courseSlug: string): DemoCourse {
  const { data, body } = readMarkdown(courseSchema, path.join(folder, "course.md"));
  const lessonFolder = path.join(folder, "lessons");
  const unlisted = new Set(fs.readdirSync(lessonFolder).filter((name) => name.endsWith(".md")));
  const modules = data.modules.map((module) => ({
    ...module,
    lessons: module.lessons.map((lessonSlug) => {
      const name = `${lessonSlug}.md`;
      if (!unlisted.delete(name))
        throw new DemoContentError(`Demo content ${folder}: lesson ${lessonSlug} is listed twice or has no file ${name}`);
      const lesson = readMarkdown(lessonSchema, path.join(lessonFolder, name));
      return { ...lesson.data, slug: lessonSlug, contentMd: lesson.body };
    }),
  }));
  if (unlisted.size > 0) throw new DemoContentError(`Demo content ${folder}: no module lists ${[...unlisted].join(", ")}`);
  return { ...data, slug: courseSlug, longDescriptionMd: body, modules };
}

/** Reads and checks the whole demo school. Synchronous: it runs once, when seeding (and in tests). */
export function loadDemoSchool(dir = DEMO_CONTENT_DIR): DemoSchool {
  const { instructor, learners } = readJson(peopleSchema, path.join(dir, "people.json"));
  const courses = orderedEntries(path.join(dir, "courses")).map(({ file, slug: courseSlug }) => readCourse(file, courseSlug));
  const posts = orderedEntries(path.join(dir, "posts"), ".md").map(({ file, slug: postSlug }) => {
    const { data, body } = readMarkdown(postSchema, file);
    return { ...data, slug: postSlug, contentMd: body };
  });
  const playbooks = readJson(z.array(playbookSchema), path.join(dir, "playbooks.json"));
  const testimonials = readJson(z.array(testimonialSchema), path.join(dir, "testimonials.json"));

  const learnerKeys = new Set(learners.map((person) => person.key));
  for (const course of courses)
    for (const review of course.reviews)
      if (!learnerKeys.has(review.learner))
        throw new DemoContentError(`Demo content: a review of ${course.slug} names an unknown learner ${review.learner}`);
  const courseSlugs = new Set(courses.map((course) => course.slug));
  for (const playbook of playbooks)
    if (!courseSlugs.has(playbook.courseSlug))
      throw new DemoContentError(`Demo content: playbook ${playbook.slug} names an unknown course ${playbook.courseSlug}`);

  const pages = fs
    .readdirSync(path.join(dir, "pages"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ ...readJson(pageSchema, path.join(dir, "pages", name)), slug: name.slice(0, -".json".length) }));

  return { instructor, learners, courses, posts, playbooks, testimonials, pages };
}
