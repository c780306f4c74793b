// Writes the XSS corpus into every rendered field of a fresh database, straight through the
// schema (no form validation in the way: the pages must be safe whatever a row holds).
// `node --import tsx tests/e2e/xss-seed.ts` with DATA_DIR set; prints the slugs it made as JSON.
import { getConfig } from "../../app/server/platform/config.server";
import { databaseOptionsFromConfig, openDatabase } from "../../app/server/db/client.server";
import { runMigrations } from "../../app/server/db/migrate.server";
import {
  announcements,
  coupons,
  courseModules,
  courses,
  lessons,
  orders,
  playbooks,
  posts,
  quizQuestions,
  quizzes,
  reviews,
  siteSettings,
  testimonials,
  users,
} from "../../app/server/db/schema";
import { allAsMarkdown, PAYLOADS, payloadChunks } from "./xss-payloads";

const ROWS = 6;
const chunks = payloadChunks(ROWS);
const texts = PAYLOADS.map((payload) => payload.text);
const markdown = allAsMarkdown();
const now = new Date();

const handle = await openDatabase(databaseOptionsFromConfig(getConfig()));
await runMigrations(handle);
const db = handle.db;

const people = await db
  .insert(users)
  .values(chunks.map((name, index) => ({ id: `xss-user-${index}`, name, email: `xss-${index}@e2e.test`, emailVerified: true, image: "javascript:__xss(95)", headline: name, bio: markdown })))
  .returning({ id: users.id });

await db
  .insert(siteSettings)
  .values({ schoolName: `XSS School ${chunks[0]}`, tagline: chunks[1]!, logoUrl: '/images/x.png" onerror="__xss(90)' })
  .onConflictDoUpdate({ target: siteSettings.id, set: { schoolName: `XSS School ${chunks[0]}`, tagline: chunks[1]!, logoUrl: '/images/x.png" onerror="__xss(90)' } });

const courseRows = await db
  .insert(courses)
  .values(
    chunks.map((title, index) => ({
      title,
      slug: `xss-course-${index}`,
      subtitle: chunks[(index + 1) % ROWS]!,
      coverUrl: index % 2 ? "javascript:__xss(93)" : "data:text/html,<script>__xss(93)</script>",
      longDescriptionMd: markdown,
      topics: [`topic ${chunks[(index + 2) % ROWS]!.slice(0, 60)}`],
      track: chunks[(index + 3) % ROWS]!,
      outcomes: texts,
      isFeatured: true,
      status: "published" as const,
      authorId: people[index]!.id,
      publishedAt: now,
      certificatesEnabled: true,
    })),
  )
  .returning({ id: courses.id });
const courseId = courseRows[0]!.id;

const [module] = await db
  .insert(courseModules)
  .values({ courseId, title: chunks[2]!, description: chunks[3]!, position: 1 })
  .returning({ id: courseModules.id });

// The first course's lessons: an article with the whole corpus, one video lesson per embed-like payload, a quiz.
const embedLike = PAYLOADS.filter((payload) => /<iframe|youtube|^javascript:/i.test(payload.text)).map((payload) => payload.text);
const lessonRows = await db
  .insert(lessons)
  .values([
    { courseId, moduleId: module!.id, title: chunks[0]!, slug: "article", type: "article" as const, summary: chunks[1]!, contentMd: markdown, orderIndex: 1, isPreview: true },
    ...embedLike.map((code, index) => ({
      courseId,
      moduleId: module!.id,
      title: `Embed ${index + 1}`,
      slug: `embed-${index + 1}`,
      type: "video" as const,
      summary: code,
      videoProvider: (index % 3 === 0 ? "embed" : index % 3 === 1 ? "youtube" : "vimeo") as "embed" | "youtube" | "vimeo",
      videoUrl: code,
      embedCode: code,
      orderIndex: index + 2,
      isPreview: true,
    })),
    { courseId, moduleId: module!.id, title: chunks[4]!, slug: "quiz", type: "quiz" as const, summary: chunks[5]!, contentMd: markdown, orderIndex: 100, isPreview: true },
  ])
  .returning({ id: lessons.id, slug: lessons.slug });
const quizLesson = lessonRows.find((lesson) => lesson.slug === "quiz")!;
await db.insert(quizzes).values({ lessonId: quizLesson.id });
await db.insert(quizQuestions).values(
  chunks.map((prompt, index) => ({
    lessonId: quizLesson.id,
    position: index + 1,
    kind: "single" as const,
    prompt,
    options: [chunks[(index + 1) % ROWS]!, chunks[(index + 2) % ROWS]!],
    correctOptions: [0],
    explanation: chunks[(index + 3) % ROWS]!,
  })),
);

await db.insert(reviews).values(
  people.map((person, index) => ({ courseId, userId: person.id, authorName: chunks[index]!, rating: 5, comment: chunks[(index + 1) % ROWS]! })),
);

await db.insert(posts).values(
  chunks.map((title, index) => ({
    title,
    slug: `xss-post-${index}`,
    excerpt: chunks[(index + 1) % ROWS]!,
    contentMd: markdown,
    coverUrl: "javascript:__xss(94)",
    tags: [chunks[(index + 2) % ROWS]!.slice(0, 80)],
    category: "Announcements" as const,
    status: "published" as const,
    authorId: people[index]!.id,
    publishedAt: now,
  })),
);

await db.insert(testimonials).values(
  chunks.map((name, index) => ({
    name,
    role: chunks[(index + 1) % ROWS]!,
    avatarUrl: index % 2 ? "javascript:__xss(91)" : '/x.png" onerror="__xss(91)',
    rating: 5,
    quote: chunks[(index + 2) % ROWS]!,
    category: "Shopify" as const,
    source: "email" as const,
    givenOn: "2026-01-01",
  })),
);

await db.insert(playbooks).values(
  chunks.map((title, index) => ({
    slug: `xss-playbook-${index}`,
    title,
    category: "Automation" as const,
    imageUrl: "javascript:__xss(92)",
    duration: chunks[(index + 1) % ROWS]!.slice(0, 40),
    description: chunks[(index + 2) % ROWS]!,
    courseId,
  })),
);

await db.insert(coupons).values(
  chunks.map((code, index) => ({
    code: `XSS${index}${code.slice(0, 200)}`,
    discountType: "percent" as const,
    percentOff: 10,
    appliesTo: "all-courses" as const,
  })),
);

await db.insert(orders).values(
  people.map((person, index) => ({
    userId: person.id,
    customerEmail: `xss-${index}@e2e.test`,
    kind: "course" as const,
    courseId,
    itemTitle: chunks[index]!,
    amountCents: 1000,
    status: "paid" as const,
    provider: "test" as const,
    couponCode: chunks[(index + 1) % ROWS]!.slice(0, 100),
    paidAt: now,
  })),
);

await db.insert(announcements).values(
  chunks.map((subject, index) => ({
    subject,
    bodyMd: markdown,
    audience: "course" as const,
    courseId,
    status: "sent" as const,
    sendKey: `xss-${index}`,
  })),
);

await handle.close();
process.stdout.write(`${JSON.stringify({ course: "xss-course-0", lessons: lessonRows.map((lesson) => lesson.slug), post: "xss-post-0", quizLessonId: quizLesson.id })}\n`);
