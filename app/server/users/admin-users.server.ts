import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import { csvRow } from "~/lib/csv";
import { DEFAULT_USER_LIST, USERS_MAX_QUERY_LENGTH, USERS_PAGE_SIZE, type SortDirection, type UserSort } from "~/lib/user-list-filters";
import { db } from "~/server/db/client.server";
import { containsPattern } from "~/server/db/like.server";
import { users } from "~/server/db/schema";
import { pageWindow } from "~/server/db/pagination.server";

/**
 * The back office's reads of people: the searchable, sortable users list, one person's details,
 * and the CSV export of the list. Role changes are in user-roles.server.ts.
 */

export type UserListQuery = { query?: string; role?: Role | null };

/** Email or name contains the text, any case (ILIKE, served by the trigram indexes), and the role filter. */
function userListWhere({ query = "", role = null }: UserListQuery): SQL | undefined {
  const search = query.trim().slice(0, USERS_MAX_QUERY_LENGTH);
  const pattern = containsPattern(search);
  return and(
    search ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
    // An empty role is a user (see normalizeRole).
    role ? (role === "user" ? inArray(users.role, ["", "user"]) : eq(users.role, role)) : undefined,
  );
}

/**
 * ORDER BY for each column, shaped to the indexes that serve it (users_name_idx,
 * users_last_seen_idx, the unique email index, users_created_at_idx), with the id last so a
 * page boundary never splits ties differently between two requests. Never seen counts as
 * the oldest "last seen": last in newest-first order, first in oldest-first order.
 */
function userListOrder(sort: UserSort, dir: SortDirection): SQL[] {
  const by = dir === "asc" ? asc : desc;
  switch (sort) {
    case "email":
      return [by(users.email)];
    case "name":
      return [by(users.name), by(users.id)];
    case "role":
      return [by(sql`coalesce(nullif(${users.role}, ''), 'user')`), desc(users.createdAt), asc(users.id)];
    case "created":
      return [by(users.createdAt), by(users.id)];
    case "last-seen":
      return dir === "asc"
        ? [sql`${users.lastSeenAt} asc nulls first`, desc(users.id)]
        : [sql`${users.lastSeenAt} desc nulls last`, asc(users.id)];
  }
}

/** One page of people, searched, filtered and sorted in SQL; a page past the end shows the last one. */
export async function listAdminUsers({
  query = "",
  role = null,
  sort = DEFAULT_USER_LIST.sort,
  dir = DEFAULT_USER_LIST.dir,
  page = 1,
  pageSize = USERS_PAGE_SIZE,
}: UserListQuery & { sort?: UserSort; dir?: SortDirection; page?: number; pageSize?: number }) {
  const where = userListWhere({ query, role });
  const [{ total }] = await db().select({ total: count() }).from(users).where(where);
  const { page: current, pageCount, offset } = pageWindow({ total, page, pageSize });
  // A deferred join: the page's ids first, from the sort's index alone, then those 50 rows. A
  // deep page (OFFSET 99,950) then walks a narrow index instead of 100,000 whole rows.
  const order = userListOrder(sort, dir);
  const pageIds = db()
    .select({ pageId: sql<string>`${users.id}`.as("page_id") })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset)
    .as("page_ids");
  const rows = await db()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .innerJoin(pageIds, eq(users.id, pageIds.pageId))
    .orderBy(...order);
  return { users: rows.map((row) => ({ ...row, role: normalizeRole(row.role) })), total, page: current, pageCount };
}

/** What the user details page shows about the person, or null when there is no such user. */
export async function getAdminUser({ userId }: { userId: string }) {
  const [row] = await db()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, role: normalizeRole(row.role) } : null;
}

type ExportRow = {
  id: string;
  createdAtKey: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  activeCourses: string;
};

export const USER_EXPORT_COLUMNS = ["email", "name", "role", "member_since", "last_seen", "active_courses"] as const;
const EXPORT_BATCH_SIZE = 1000;

/**
 * The users list as filtered, as CSV text in pieces: the header, then one piece per batch of
 * rows. Batches are read by keyset on (created_at, id), oldest member first, so memory holds one
 * batch whatever the number of users, and someone who signs up during the download is neither
 * skipped nor repeated. The cursor is carried as the database's own text of the timestamp,
 * because a JavaScript Date would drop its microseconds.
 */
export async function* exportUsersCsv({ batchSize = EXPORT_BATCH_SIZE, ...filters }: UserListQuery & { batchSize?: number }) {
  yield csvRow(USER_EXPORT_COLUMNS);
  const where = userListWhere(filters);
  // Spelled out with aliases: inside a single-table select Drizzle writes columns unqualified.
  const activeCourses = sql<string>`(
    select coalesce(string_agg(c.title, '; ' order by c.title), '')
    from enrollments e join courses c on c.id = e.course_id
    where e.user_id = "users"."id" and e.status = 'active'
  )`;
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${users.createdAt}, ${users.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id})`
      : undefined;
    const rows: ExportRow[] = await db()
      .select({
        id: users.id,
        createdAtKey: sql<string>`${users.createdAt}::text`,
        email: users.email,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
        lastSeenAt: users.lastSeenAt,
        activeCourses,
      })
      .from(users)
      .where(and(where, after))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows
      .map((row) => csvRow([row.email, row.name, normalizeRole(row.role), row.createdAt, row.lastSeenAt, row.activeCourses]))
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.createdAtKey, id: last.id };
  }
}
