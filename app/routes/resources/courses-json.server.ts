import { createHash } from "node:crypto";
import type { Route } from "./+types/courses-json";
import { listCourseDataRecords } from "~/server/courses/catalog.server";
import { getConfig } from "~/server/platform/config.server";

/** True when an If-None-Match header (one tag, a list, weak tags or "*") names this ETag. */
function etagMatches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === bare;
  });
}

/**
 * The published courses as a JSON file (the spec's courses.json). Clients must revalidate each
 * time (no-cache), and an unchanged list costs them a 304 without a body.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const body = JSON.stringify(await listCourseDataRecords({ origin: getConfig().publicUrl }));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "Cache-Control": "no-cache", ETag: etag };
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}
