const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms: anything that is not a uuid names no record (and must not reach a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
