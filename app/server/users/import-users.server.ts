import crypto from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { CsvSyntaxError, parseCsv } from "~/lib/csv";
import { formatIsoDay } from "~/lib/dates";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import {
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_MESSAGES,
  type UserImportAction,
  type UserImportColumns,
} from "~/lib/user-import";
import { recordAccessEvent, recordAccessEvents } from "~/server/access/record-access-event.server";
import { enrollmentItem } from "~/server/api/api-shapes.server";
import { emitUserCreated } from "~/server/auth/user-created-event.server";
import { createSetPasswordLink } from "~/server/auth/set-password-links.server";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, enrollments, subscriptions, users, webhookEndpoints } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mail-queue.server";
import { welcomeImportedLearnerMail } from "~/server/mail/templates.server";
import { deleteStaleObjects, getStorage } from "~/server/platform/storage.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { emitMembershipEvent } from "~/server/payments/membership-webhooks.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";

/**
 * Admin → Users → Import (issue 43; docs/decisions/060). A CSV of learners (e-mail, name, course
 * slugs, "member until") is uploaded once and kept a day in the private bucket; the admin maps its
 * columns; the dry run says row by row what would be created, updated, left unchanged or refused
 * (with the reason); the import writes it all in ONE transaction, in batches, or nothing at all
 * when any row is refused. Running the same file again changes nothing: a person who exists is
 * found by e-mail, a course already held is not granted again, a membership already running to the
 * date or later is left alone. Existing people's names are never overwritten by a file.
 */

/** A file that cannot be read at all (not UTF-8, `;`-separated, too large …): nothing is planned. */
export class UserImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserImportFileError";
  }
}

/** The import was refused: at least one row needs fixing; nothing was written. */
export class UserImportRefusedError extends Error {
  constructor(readonly refused: number) {
    super(USER_IMPORT_MESSAGES.refused(refused));
    this.name = "UserImportRefusedError";
  }
}

const BATCH = 1000;
const NAME_MAX = 100;
const UPLOAD_PREFIX = "user-imports/";
const emailSchema = z.email();
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const chunks = <T>(items: T[], size = BATCH) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The file's bytes as text: UTF-8 only (a BOM is dropped), at most 50 MB. */
export function decodeUserImportFile(bytes: Uint8Array) {
  if (bytes.byteLength > USER_IMPORT_MAX_BYTES) throw new UserImportFileError(USER_IMPORT_MESSAGES.fileTooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UserImportFileError(USER_IMPORT_MESSAGES.notUtf8);
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** The records of the file, the header first; a `;`-separated file or an unclosed quote is refused with its message. */
function readRecords(text: string) {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new UserImportFileError(USER_IMPORT_MESSAGES.unclosedQuote(error.line));
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new UserImportFileError(USER_IMPORT_MESSAGES.noRows);
  if (header.cells.length === 1 && header.cells[0]!.includes(";")) throw new UserImportFileError(USER_IMPORT_MESSAGES.semicolons);
  if (body.length === 0) throw new UserImportFileError(USER_IMPORT_MESSAGES.noRows);
  if (body.length > USER_IMPORT_MAX_ROWS) throw new UserImportFileError(USER_IMPORT_MESSAGES.tooManyRows);
  return { header: header.cells.map((cell) => cell.trim()), body };
}

const GUESSES: Record<keyof UserImportColumns, RegExp> = {
  email: /^(e-?mail|email address|e-mail address|mail)$/i,
  name: /^(name|full name|learner|student)$/i,
  courses: /^(courses?|course slugs?|slugs?)$/i,
  memberUntil: /^(member until|member_until|membership end|membership until|until)$/i,
};

/** The column names and a first guess at which holds what, by their names. */
export function guessUserImportColumns(header: string[]): UserImportColumns {
  const find = (field: keyof UserImportColumns) => {
    const index = header.findIndex((name) => GUESSES[field].test(name.replace(/_/g, " ").trim()));
    return index < 0 ? null : index;
  };
  return { email: find("email") ?? 0, name: find("name"), courses: find("courses"), memberUntil: find("memberUntil") };
}

export type PlannedRow = {
  line: number;
  email: string;
  name: string;
  action: UserImportAction;
  /** What changes (courses granted, membership), or why the row is refused. */
  notes: string[];
  userId: string | null;
  grants: { courseId: string; title: string }[];
  memberUntil: Date | null;
};

export type UserImportPlan = {
  header: string[];
  rows: PlannedRow[];
  counts: Record<UserImportAction, number>;
};

/**
 * The dry run: what the import would do, row by row, read from the database in batches. The
 * import itself runs this again inside its transaction, so what it writes is what it read.
 */
export async function planUserImport({
  text,
  columns,
  database = db(),
  now = new Date(),
}: {
  text: string;
  columns: UserImportColumns;
  database?: Queryable;
  now?: Date;
}): Promise<UserImportPlan> {
  const { header, body } = readRecords(text);
  const used = Object.values(columns).filter((index): index is number => index !== null);
  if (columns.email < 0 || columns.email >= header.length) throw new UserImportFileError(USER_IMPORT_MESSAGES.emailColumnRequired);
  if (new Set(used).size !== used.length) throw new UserImportFileError(USER_IMPORT_MESSAGES.sameColumnTwice);

  const allCourses = await database.select({ id: courses.id, slug: courses.slug, title: courses.title }).from(courses);
  const courseBySlug = new Map(allCourses.map((course) => [course.slug.toLowerCase(), course]));

  const cell = (cells: string[], index: number | null) => (index === null ? "" : (cells[index] ?? "").trim());
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = body.map(({ line, cells }) => {
    const rawEmail = cell(cells, columns.email);
    const email = rawEmail.toLowerCase();
    const name = cell(cells, columns.name).replace(/\s+/g, " ");
    const row: PlannedRow = { line, email, name, action: "unchanged", notes: [], userId: null, grants: [], memberUntil: null };
    const refuse = (note: string) => {
      row.action = "refuse";
      row.notes.push(note);
    };
    if (!emailSchema.safeParse(email).success) refuse(USER_IMPORT_MESSAGES.badEmail(rawEmail));
    else {
      const first = seen.get(email);
      if (first !== undefined) refuse(USER_IMPORT_MESSAGES.duplicate(email, first));
      else seen.set(email, line);
    }
    if (name.length > NAME_MAX) refuse(USER_IMPORT_MESSAGES.nameTooLong);
    const slugs = [
      ...new Set(
        cell(cells, columns.courses)
          .split(/[\s|]+/)
          .filter(Boolean),
      ),
    ];
    const unknown = slugs.filter((slug) => !courseBySlug.has(slug.toLowerCase()));
    if (unknown.length) refuse(USER_IMPORT_MESSAGES.unknownCourses(unknown));
    else
      row.grants = slugs
        .map((slug) => courseBySlug.get(slug.toLowerCase())!)
        .map((course) => ({ courseId: course.id, title: course.title }));
    const until = cell(cells, columns.memberUntil);
    if (until) {
      const day = new Date(`${until}T23:59:59Z`);
      if (!ISO_DAY.test(until) || Number.isNaN(day.getTime()) || formatIsoDay(day) !== until) refuse(USER_IMPORT_MESSAGES.badDate(until));
      else if (day.getTime() < now.getTime()) refuse(USER_IMPORT_MESSAGES.pastDate(until));
      else row.memberUntil = day;
    }
    return row;
  });

  // What exists already, in batches: the people, their active courses and live memberships.
  const valid = rows.filter((row) => row.action !== "refuse");
  const existing = new Map<string, string>();
  for (const batch of chunks(valid.map((row) => row.email))) {
    const found = await database
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, batch));
    for (const user of found) existing.set(user.email.toLowerCase(), user.id);
  }
  const userIds = [...existing.values()];
  const held = new Set<string>();
  const memberships = new Map<string, Date>();
  for (const batch of chunks(userIds)) {
    const active = await database
      .select({ userId: enrollments.userId, courseId: enrollments.courseId })
      .from(enrollments)
      .where(and(inArray(enrollments.userId, batch), eq(enrollments.status, "active")));
    for (const enrollment of active) held.add(`${enrollment.userId}:${enrollment.courseId}`);
    const live = await database
      .select({ userId: subscriptions.userId, end: subscriptions.currentPeriodEnd })
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, batch), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
    for (const membership of live) memberships.set(membership.userId, membership.end);
  }

  for (const row of valid) {
    const userId = existing.get(row.email) ?? null;
    row.userId = userId;
    if (userId) row.grants = row.grants.filter((grant) => !held.has(`${userId}:${grant.courseId}`));
    const membershipEnd = userId ? memberships.get(userId) : undefined;
    // A membership already running (paid or imported) is left as it is.
    if (row.memberUntil && membershipEnd) row.memberUntil = null;
    if (row.grants.length) row.notes.push(`Courses: ${row.grants.map((grant) => grant.title).join(", ")}`);
    if (row.memberUntil) row.notes.push(`Member until ${formatIsoDay(row.memberUntil)}`);
    if (!userId) row.action = "create";
    else row.action = row.grants.length || row.memberUntil ? "update" : "unchanged";
  }
  const counts: Record<UserImportAction, number> = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const row of rows) counts[row.action] += 1;
  return { header, rows, counts };
}

/**
 * The import: the plan again, then every write in one transaction, in batches of a thousand rows.
 * Refused rows refuse the whole file (nothing is written). Audited: a grant per course (as the
 * user page's Grant Access is) and one `users_imported` event with the file's counts. A welcome
 * e-mail with a set-password link (valid 7 days, docs/decisions/048) goes to each new person when
 * asked, through the mail queue in the same transaction.
 */
export async function importUsers({
  text,
  columns,
  fileName,
  actor,
  sendWelcome,
  now = new Date(),
}: {
  text: string;
  columns: UserImportColumns;
  fileName: string;
  actor: { id: string; email: string };
  sendWelcome: boolean;
  now?: Date;
}) {
  return db().transaction(async (tx) => {
    // One import at a time: two admins importing the same people would otherwise race on the e-mails.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user-import'))`);
    const plan = await planUserImport({ text, columns, database: tx, now });
    if (plan.counts.refuse > 0) throw new UserImportRefusedError(plan.counts.refuse);
    const { create: created, update: updated, unchanged } = plan.counts;
    if (created + updated === 0) return { created, updated, unchanged };

    const newRows = plan.rows.filter((row) => row.action === "create");
    for (const row of newRows) row.userId = crypto.randomUUID();
    for (const batch of chunks(newRows)) {
      await tx.insert(users).values(
        batch.map((row) => ({
          id: row.userId!,
          email: row.email,
          name: row.name || row.email.split("@")[0]!,
          emailVerified: false,
          role: "user",
        })),
      );
    }
    const changing = plan.rows.filter((row) => row.action === "create" || row.action === "update");
    const grants = changing.flatMap((row) => row.grants.map((grant) => ({ row, grant })));
    for (const batch of chunks(grants)) {
      await tx
        .insert(enrollments)
        .values(
          batch.map(({ row, grant }) => ({
            userId: row.userId!,
            courseId: grant.courseId,
            status: "active",
            source: "admin",
            grantedAt: now,
            grantedBy: actor.id,
          })),
        )
        .onConflictDoUpdate({
          target: [enrollments.userId, enrollments.courseId],
          set: { status: "active", source: "admin", grantedAt: now, grantedBy: actor.id, revokedAt: null },
          setWhere: sql`${enrollments.status} <> 'active'`,
        });
      await recordAccessEvents({
        tx,
        events: batch.map(({ row, grant }) => ({
          type: "grant" as const,
          userId: row.userId!,
          courseId: grant.courseId,
          actorId: actor.id,
          source: "admin" as const,
          note: "CSV import",
          snapshot: { userEmail: row.email, courseTitle: grant.title, actorEmail: actor.email },
        })),
      });
    }
    const members = changing.filter((row) => row.memberUntil);
    const membershipIds: string[] = [];
    for (const batch of chunks(members)) {
      // Not billed by any provider: it ends at its date like a test-mode membership (cancel at period end).
      const started = await tx
        .insert(subscriptions)
        .values(
          batch.map((row) => ({
            userId: row.userId!,
            plan: "yearly",
            status: "active",
            provider: "test",
            providerSubscriptionId: `import_${crypto.randomUUID()}`,
            currentPeriodEnd: row.memberUntil!,
            cancelAtPeriodEnd: true,
          })),
        )
        .returning({ id: subscriptions.id });
      membershipIds.push(...started.map((membership) => membership.id));
      await recordAccessEvents({
        tx,
        events: batch.map((row) => ({
          type: "membership_started" as const,
          userId: row.userId!,
          actorId: actor.id,
          source: "membership" as const,
          note: `CSV import: member until ${formatIsoDay(row.memberUntil!)}`,
          snapshot: { userEmail: row.email, courseTitle: null, actorEmail: actor.email },
        })),
      });
    }
    await emitImportWebhooks({ tx, newRows, grants, membershipIds, now });
    if (sendWelcome && newRows.length) {
      const { schoolName } = await getSiteSettings({ database: tx });
      for (const row of newRows) {
        const url = await createSetPasswordLink({ database: tx, userId: row.userId!, next: "/account" });
        await sendMail(
          {
            kind: "welcome",
            key: `welcome:${row.userId}`,
            to: row.email,
            ...welcomeImportedLearnerMail({ schoolName, name: row.name, url, courses: row.grants.map((grant) => grant.title) }),
          },
          { database: tx },
        );
      }
    }
    await recordAccessEvent({
      tx,
      type: "users_imported",
      userId: null,
      actorId: actor.id,
      note: `${fileName}: ${USER_IMPORT_MESSAGES.imported({ created, updated, unchanged })}${sendWelcome ? ", welcome e-mails sent" : ""}`,
      snapshot: { userEmail: "", courseTitle: null },
    });
    return { created, updated, unchanged };
  });
}

/** user.created, enrollment.created and membership.started, as a sign-up, Grant Access and a paid membership send them; only when an endpoint listens. */
async function emitImportWebhooks({
  tx,
  newRows,
  grants,
  membershipIds,
  now,
}: {
  tx: Queryable;
  newRows: PlannedRow[];
  grants: { row: PlannedRow; grant: { courseId: string } }[];
  membershipIds: string[];
  now: Date;
}) {
  const [listening] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).limit(1);
  if (!listening) return;
  for (const row of newRows) {
    await emitUserCreated({
      tx,
      user: { id: row.userId!, email: row.email, name: row.name || row.email.split("@")[0]!, role: "user", createdAt: now },
    });
  }
  for (const { row, grant } of grants) {
    await emitWebhookEvent({
      tx,
      type: "enrollment.created",
      data: {
        enrollment: enrollmentItem({
          userId: row.userId!,
          courseId: grant.courseId,
          status: "active",
          source: "admin",
          grantedAt: now,
          revokedAt: null,
        }),
        user_email: row.email,
      },
    });
  }
  for (const subscriptionId of membershipIds) await emitMembershipEvent({ tx, type: "membership.started", subscriptionId });
}

// The uploaded file, kept between the upload, the mapping, the dry run and the import ---------

const uploadKey = (uploadId: string) => `${UPLOAD_PREFIX}${uploadId}.csv`;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** Checks the upload (UTF-8, readable CSV) and keeps it a day in the private bucket; returns its id. */
export async function storeUserImportUpload(bytes: Uint8Array) {
  const text = decodeUserImportFile(bytes);
  readRecords(text);
  const uploadId = crypto.randomUUID();
  await getStorage().put("private", uploadKey(uploadId), Readable.from([Buffer.from(text, "utf8")]), { contentType: "text/csv" });
  return uploadId;
}

/** The upload's text, or null when it is not there (swept after a day, or a made-up id). */
export async function readUserImportUpload(uploadId: string) {
  if (!UPLOAD_ID.test(uploadId)) return null;
  const object = await getStorage().get("private", uploadKey(uploadId));
  if (!object) return null;
  const parts: Buffer[] = [];
  for await (const part of object.stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString("utf8");
}

/** The header of an upload and the guessed mapping, for the mapping form. */
export function describeUserImport(text: string) {
  const { header, body } = readRecords(text);
  return { header, rowCount: body.length, guessed: guessUserImportColumns(header) };
}

/** The hourly sweep: uploads older than a day are deleted. */
export function sweepUserImportUploads(now = new Date()) {
  return deleteStaleObjects({ bucket: "private", prefix: UPLOAD_PREFIX, olderThan: new Date(now.getTime() - 24 * 60 * 60 * 1000) });
}
