/**
 * The page a list reads out of `total` rows: the asked page kept within 1…pageCount (a page past
 * the end reads the last one), and the offset of its first row.
 */
export function pageWindow({ total, page, pageSize }: { total: number; page: number; pageSize: number }) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return { page: current, pageCount, offset: (current - 1) * pageSize };
}
