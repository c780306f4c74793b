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
  let handle: DatabaseHandle | undefined;
  let listening: Promise<boolean> | undefined;
  let listeningNow = false;
  let generation = 0;
  let kept: { value: T } | undefined;

  const forget = () => {
    generation++;
    kept = undefined;
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

  async function get(): Promise<T> {
    const current = getDatabaseHandle();
    if (current !== handle || !listening) subscribe(current);
    if (!listeningNow) {
      await listening;
      if (!listeningNow) return read();
    }
    if (kept) return kept.value;
    const started = generation;
    const value = await read();
    if (started === generation && handle === current) kept = { value };
    return value;
  }

  return { get, forget };
}
