import { getDatabaseHandle, type DatabaseHandle } from "./client.server";
import { logger } from "~/server/platform/logger.server";

/**
 * A value read from rarely-changed rows (the site settings), kept in memory until the next content
 * write (issue 44). The tables' page_cache triggers (decision 022) already announce every committed
 * write, on PGlite as it commits and on PostgreSQL by NOTIFY to every instance: the same signal
 * empties the kept value, and `forget()` does too, for the process that writes. A read that a
 * write overtook is not kept. Until the subscription is in place (or if it fails) every call reads.
 */
export function memoUntilContentChanges<T>(read: () => Promise<T>) {
  const memo = memoByKeyUntilContentChanges(() => read(), { maxEntries: 1 });
  return { get: () => memo.get(""), forget: memo.forget };
}

/**
 * The same for values read per key (a course page's course, by its slug): each key's value is
 * kept until the next content write, and at most `maxAgeMs` when it also shows something that
 * announces no write (a course's learner count, which catches up as the page cache's copy does).
 * At most `maxEntries` are kept; past that the oldest goes first.
 */
export function memoByKeyUntilContentChanges<T>(
  read: (key: string) => Promise<T>,
  { maxAgeMs = Infinity, maxEntries = 500 }: { maxAgeMs?: number; maxEntries?: number } = {},
) {
  let handle: DatabaseHandle | undefined;
  let listening: Promise<boolean> | undefined;
  let listeningNow = false;
  let generation = 0;
  const kept = new Map<string, { value: T; at: number }>();

  const forget = () => {
    generation++;
    kept.clear();
  };

  function subscribe(current: DatabaseHandle) {
    handle = current;
    forget();
    listeningNow = false;
    listening = current.listenForContentChanges(forget).then(
      () => (listeningNow = true),
      (error: unknown) => {
        logger.warn({ err: error }, "cannot listen for content changes; rarely-changed rows are read on every request");
        if (handle === current) listening = undefined;
        return false;
      },
    );
  }

  async function get(key: string): Promise<T> {
    const current = getDatabaseHandle();
    if (current !== handle || !listening) subscribe(current);
    if (!listeningNow) {
      await listening;
      if (!listeningNow) return read(key);
    }
    const entry = kept.get(key);
    if (entry && Date.now() - entry.at < maxAgeMs) return entry.value;
    const started = generation;
    const at = Date.now();
    const value = await read(key);
    if (started === generation && handle === current) {
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      kept.set(key, { value, at });
    }
    return value;
  }

  return { get, forget };
}
