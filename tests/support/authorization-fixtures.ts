import { issueInvoice } from "~/server/payments/invoices.server";
import { Readable } from "node:stream";
import { getStorage } from "~/server/platform/storage.server";
import type { Database } from "~/server/db/client.server";
import {
  courseInstructors,
  dataExports,
  discussionPosts,
  certificates,
  coupons,
  bundles,
  bundleCourses,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  lessonFiles,
  orders,
  posts,
  quizzes,
  savedCourses,
  sessions,
} from "~/server/db/schema";
import { eq } from "drizzle-orm";
import { getAuth } from "~/server/auth/auth.server";
import { cookieFrom, signInNewUser } from "./sign-in";
import { unique } from "./test-database";

/**
 * The school the authorization matrix (app/routes/authorization-matrix.db.test.ts) probes: the
 * five kinds of caller, and a sixth person, the victim, whose private things (orders, progress,
 * saved courses, sessions, certificate) nobody else may reach; a published paid course the learner
 * holds, and an unpublished course and post only admins may see. Beside them, a course's
 * instructor (docs/decisions/059): a plain user who teaches another published course, and must
 * be answered as the user is everywhere but in their discussions inbox.
 */

export const ROLES = ["visitor", "user", "learner", "admin", "super_admin"] as const;
export type Who = (typeof ROLES)[number];

export async function createAuthorizationSchool(db: Database) {
  const [user, learner, admin, superAdmin, victim, instructor] = await Promise.all([
    signInNewUser(db, "user"),
    signInNewUser(db, "user"),
    signInNewUser(db, "admin"),
    signInNewUser(db, "super_admin"),
    signInNewUser(db, "user", { name: `Victim ${unique("name")}` }),
    signInNewUser(db, "user", { name: `Instructor ${unique("name")}` }),
  ]);
  const cookies: Record<Who, string> = {
    visitor: "",
    user: user.cookie,
    learner: learner.cookie,
    admin: admin.cookie,
    super_admin: superAdmin.cookie,
  };

  const [paidCourse] = await db
    .insert(courses)
    .values({ title: `Paid ${unique("course")}`, slug: unique("paid"), status: "published", priceCents: 19_700, publishedAt: new Date() })
    .returning();
  const paidNotes = unique("PAID-LESSON-NOTES");
  const [preview, paid] = await db
    .insert(lessons)
    .values([
      {
        courseId: paidCourse.id,
        title: "Preview lesson",
        slug: unique("preview"),
        type: "article",
        orderIndex: 1,
        isPreview: true,
        contentMd: "Free to read",
      },
      {
        courseId: paidCourse.id,
        title: "Paid lesson",
        slug: unique("paid-lesson"),
        type: "video",
        videoProvider: "upload",
        orderIndex: 2,
        contentMd: paidNotes,
        videoStoragePath: `lessons/${unique("video")}.webm`,
        captionsPath: `lessons/${unique("captions")}.vtt`,
      },
    ])
    .returning();
  const storage = getStorage();
  await storage.put("course-videos", paid.videoStoragePath!, Readable.from(Buffer.from("0123456789abcdef")), { contentType: "video/webm" });
  await storage.put("course-videos", paid.captionsPath!, Readable.from(Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n")), {
    contentType: "text/vtt",
  });

  // A downloadable file of the paid lesson (issue 38), served by the lesson's access rule.
  const paidFileKey = `${paidCourse.id}/files/${paid.id}/${unique("file")}.pdf`;
  await storage.put("course-videos", paidFileKey, Readable.from(Buffer.from("%PDF-1.4\n%%EOF\n")), { contentType: "application/pdf" });
  const [paidFile] = await db
    .insert(lessonFiles)
    .values({ lessonId: paid.id, storageKey: paidFileKey, filename: "Workbook.pdf", contentType: "application/pdf", sizeBytes: 15 })
    .returning();

  const draftTitle = `Secret draft ${unique("course")}`;
  const [draftCourse] = await db
    .insert(courses)
    .values({ title: draftTitle, slug: unique("draft"), status: "draft", priceCents: 45_678 })
    .returning();
  const [quizLesson] = await db
    .insert(lessons)
    .values({ courseId: draftCourse.id, title: "Draft quiz", slug: unique("quiz"), type: "quiz", orderIndex: 1 })
    .returning();
  await db.insert(quizzes).values({ lessonId: quizLesson.id });
  const [draftPost] = await db
    .insert(posts)
    .values({ title: `Secret post ${unique("post")}`, slug: unique("draft-post"), contentMd: "Unpublished", status: "draft" })
    .returning();
  const [coupon] = await db
    .insert(coupons)
    .values({ code: unique("SECRET").toUpperCase(), discountType: "percent", percentOff: 10, appliesTo: "all-courses" })
    .returning();
  // A draft bundle: its page exists for nobody, its edit page for admins only (docs/decisions/062).
  const [draftBundle] = await db
    .insert(bundles)
    .values({ title: `Secret bundle ${unique("bundle")}`, slug: unique("draft-bundle"), priceCents: 10_000, status: "draft" })
    .returning();
  await db.insert(bundleCourses).values({ bundleId: draftBundle.id, courseId: paidCourse.id, position: 0 });

  await db.insert(enrollments).values([
    { userId: learner.id, courseId: paidCourse.id, source: "purchase", status: "active" },
    { userId: victim.id, courseId: paidCourse.id, source: "purchase", status: "active" },
  ]);
  const [victimOrder] = await db
    .insert(orders)
    .values({
      userId: victim.id,
      customerEmail: victim.email,
      kind: "course",
      courseId: paidCourse.id,
      itemTitle: paidCourse.title,
      amountCents: 19_700,
      status: "paid",
      provider: "test",
      checkoutSessionId: unique("cs_victim"),
    })
    .returning();
  const victimInvoice = await db.transaction((tx) => issueInvoice({ tx, order: victimOrder, kind: "invoice" }));
  await db.insert(lessonProgress).values({ userId: victim.id, lessonId: paid.id, positionSeconds: 42 });
  await db.insert(savedCourses).values({ userId: victim.id, courseId: paidCourse.id });
  const [certificate] = await db
    .insert(certificates)
    .values({ userId: victim.id, courseId: paidCourse.id, learnerName: "Victim Learner", courseTitle: paidCourse.title })
    .returning();
  // A question under the paid lesson: only the lesson's learners (and admins) may read it (issue 42).
  const paidDiscussion = unique("PAID-DISCUSSION");
  await db.insert(discussionPosts).values({
    courseId: paidCourse.id,
    lessonId: paid.id,
    kind: "question",
    authorId: victim.id,
    authorName: "Victim learner",
    bodyMd: paidDiscussion,
    bodyHtml: `<p>${paidDiscussion}</p>`,
  });
  // The victim's "Download my data" ZIP, ready: only the victim may download it (issue 43).
  const exportKey = `data-exports/${victim.id}/${unique("export")}.zip`;
  await getStorage().put("private", exportKey, Readable.from([Buffer.from("PK victim export")]), { contentType: "application/zip" });
  const [victimExport] = await db
    .insert(dataExports)
    .values({ userId: victim.id, status: "ready", storageKey: exportKey, sizeBytes: 16, readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const [victimSession] = await db.select().from(sessions).where(eq(sessions.userId, victim.id));

  // The instructor's own course and its question: theirs to read in their inbox, nobody's secret.
  const [taughtCourse] = await db
    .insert(courses)
    .values({ title: `Taught ${unique("course")}`, slug: unique("taught"), status: "published", publishedAt: new Date() })
    .returning();
  const [taughtLesson] = await db
    .insert(lessons)
    .values({ courseId: taughtCourse.id, title: "Taught lesson", slug: unique("taught-lesson"), type: "article", orderIndex: 1 })
    .returning();
  const taughtDiscussion = unique("TAUGHT-DISCUSSION");
  await db.insert(discussionPosts).values({
    courseId: taughtCourse.id,
    lessonId: taughtLesson.id,
    kind: "question",
    authorName: "A learner of the taught course",
    bodyMd: taughtDiscussion,
    bodyHtml: `<p>${taughtDiscussion}</p>`,
  });
  await db.insert(courseInstructors).values({ courseId: taughtCourse.id, userId: instructor.id, createdBy: admin.id });

  const credentials = { user, learner, admin, super_admin: superAdmin, instructor };
  /** Another session of the same person, for probes that end the session they are sent with. */
  const freshCookie = async (who: Who | "instructor") => {
    if (who === "visitor") return "";
    const { email, password } = credentials[who];
    return cookieFrom(await getAuth().api.signInEmail({ body: { email, password }, asResponse: true }));
  };

  return {
    cookies,
    freshCookie,
    ids: { user: user.id, learner: learner.id, admin: admin.id, super_admin: superAdmin.id },
    instructor: { cookie: instructor.cookie, id: instructor.id, taughtCourse, taughtDiscussion },
    victim: {
      ...victim,
      orderId: victimOrder.id,
      checkoutSessionId: victimOrder.checkoutSessionId!,
      session: victimSession,
      certificateId: certificate.id,
      invoiceId: victimInvoice.id,
      dataExportId: victimExport.id,
    },
    paidCourse: { ...paidCourse, preview, paid, paidNotes, paidFileId: paidFile.id },
    draftCourse: { ...draftCourse, quizLessonId: quizLesson.id, quizLessonSlug: quizLesson.slug },
    draftPost,
    coupon,
    draftBundle,
    /**
     * What no caller may see unless the matrix says so for that route and role: another person's
     * e-mail, id and order, a paid lesson's content, and every unpublished or admin-only thing.
     */
    secrets: {
      victimEmail: victim.email,
      victimId: victim.id,
      victimOrderId: victimOrder.id,
      victimSessionToken: victimSession.token,
      victimCertificateId: certificate.id,
      paidNotes,
      paidDiscussion,
      paidVideoKey: paid.videoStoragePath!,
      draftCourseTitle: draftTitle,
      draftCourseId: draftCourse.id,
      draftCoursePrice: "456.78",
      draftPostTitle: draftPost.title,
      couponCode: coupon.code,
    },
  };
}

export type AuthorizationSchool = Awaited<ReturnType<typeof createAuthorizationSchool>>;
export type Secret = keyof AuthorizationSchool["secrets"];
