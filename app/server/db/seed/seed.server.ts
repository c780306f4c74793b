import type { Queryable } from "~/server/db/client.server";
import { courseModules, courses, enrollments, lessons, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
import { readingMinutes } from "~/lib/reading-time";
import type { DemoPerson, DemoSchool } from "./demo-school.server";

/** Where the committed demo artwork lives (see tools/demo-images/generate.ts). */
export const demoImage = {
  course: (slug: string) => `/images/demo/courses/${slug}.webp`,
  post: (slug: string) => `/images/demo/posts/${slug}.webp`,
  playbook: (slug: string) => `/images/demo/playbooks/${slug}.webp`,
  avatar: (key: string) => `/images/demo/avatars/${key}.webp`,
};

const day = (isoDate: string) => new Date(`${isoDate}T09:00:00Z`);
const demoUserId = (person: DemoPerson) => `demo-${person.key}`;

/**
 * Writes the demo school into an empty database in one transaction. A database that already
 * has courses, posts or users is left alone, so running it twice adds nothing. The content files
 * are read only here, through a dynamic import, so the running site never loads them.
 */
export async function seedDemoContent(database: Queryable): Promise<{ seeded: boolean }> {
  return database.transaction(async (tx) => {
    const existing = (await tx.$count(courses)) + (await tx.$count(posts)) + (await tx.$count(users));
    if (existing > 0) return { seeded: false };
    const { loadDemoSchool } = await import("./demo-school.server");
    await writeDemoSchool(tx, loadDemoSchool());
    return { seeded: true };
  });
}

async function writeDemoSchool(tx: Queryable, school: DemoSchool) {
  const people = [school.instructor, ...school.learners];
  await tx.insert(users).values(
    people.map((person) => ({
      id: demoUserId(person),
      name: person.name,
      email: person.email.toLowerCase(),
      emailVerified: true,
      image: demoImage.avatar(person.key),
      headline: person.headline,
      bio: person.bio,
      createdAt: day(person.joinedAt),
      updatedAt: day(person.joinedAt),
    })),
  );
  const instructorId = demoUserId(school.instructor);
  const learnerIds = new Map(school.learners.map((person) => [person.key, demoUserId(person)]));

  for (const course of school.courses) {
    const [row] = await tx
      .insert(courses)
      .values({
        title: course.title,
        slug: course.slug,
        subtitle: course.subtitle,
        longDescriptionMd: course.longDescriptionMd,
        coverUrl: demoImage.course(course.slug),
        priceCents: course.priceCents,
        level: course.level,
        topics: course.topics,
        track: course.track,
        outcomes: course.outcomes,
        isFeatured: course.isFeatured,
        status: "published",
        authorId: instructorId,
        publishedAt: day(course.publishedAt),
        createdAt: day(course.publishedAt),
        updatedAt: day(course.publishedAt),
      })
      .returning({ id: courses.id });

    for (const [moduleIndex, module] of course.modules.entries()) {
      const [moduleRow] = await tx
        .insert(courseModules)
        .values({ courseId: row.id, title: module.title, description: module.description, position: moduleIndex + 1 })
        .returning({ id: courseModules.id });
      await tx.insert(lessons).values(
        // Order indexes count from 1 within each module (docs/decisions/012).
        module.lessons.map((lesson, lessonIndex) => ({
          courseId: row.id,
          moduleId: moduleRow.id,
          title: lesson.title,
          slug: lesson.slug,
          type: lesson.type,
          summary: lesson.summary,
          contentMd: lesson.contentMd,
          videoProvider: lesson.videoProvider ?? "youtube",
          videoUrl: lesson.videoUrl,
          durationSeconds: lesson.durationSeconds,
          orderIndex: lessonIndex + 1,
          isPreview: lesson.isPreview,
        })),
      );
    }

    const enrolled = school.learners.slice(0, course.enrolledLearners);
    if (enrolled.length > 0) {
      await tx.insert(enrollments).values(
        enrolled.map((person) => ({
          userId: demoUserId(person),
          courseId: row.id,
          source: "purchase",
          grantedAt: day(course.publishedAt > person.joinedAt ? course.publishedAt : person.joinedAt),
        })),
      );
    }
    if (course.reviews.length > 0) {
      await tx.insert(reviews).values(
        course.reviews.map((review) => ({
          courseId: row.id,
          userId: learnerIds.get(review.learner) ?? null,
          authorName: school.learners.find((person) => person.key === review.learner)?.name ?? "Learner",
          rating: review.rating,
          comment: review.comment,
          createdAt: day(review.date),
          updatedAt: day(review.date),
        })),
      );
    }
  }

  await tx.insert(posts).values(
    school.posts.map((post) => ({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      contentMd: post.contentMd,
      tags: post.tags,
      category: post.category,
      status: "published",
      coverUrl: demoImage.post(post.slug),
      authorId: instructorId,
      readingMinutes: readingMinutes(post.contentMd),
      viewCount: post.viewCount,
      publishedAt: day(post.publishedAt),
      createdAt: day(post.publishedAt),
      updatedAt: day(post.publishedAt),
    })),
  );

  const courseIds = new Map(
    (await tx.select({ id: courses.id, slug: courses.slug }).from(courses)).map((course) => [course.slug, course.id]),
  );
  await tx.insert(playbooks).values(
    school.playbooks.map((playbook) => ({
      slug: playbook.slug,
      title: playbook.title,
      category: playbook.category,
      imageUrl: demoImage.playbook(playbook.slug),
      duration: playbook.duration,
      level: playbook.level,
      description: playbook.description,
      priceCents: playbook.priceCents,
      courseId: courseIds.get(playbook.courseSlug) ?? null,
      popularity: playbook.popularity,
      createdAt: day(playbook.updatedAt),
      updatedAt: day(playbook.updatedAt),
    })),
  );

  await tx.insert(testimonials).values(
    school.testimonials.map((testimonial, index) => ({
      name: testimonial.name,
      role: testimonial.role,
      avatarUrl: demoImage.avatar(`testimonial-${index + 1}`),
      rating: testimonial.rating,
      quote: testimonial.quote,
      category: testimonial.category,
      source: testimonial.source,
      givenOn: testimonial.date,
    })),
  );
}
