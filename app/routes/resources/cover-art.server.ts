import { PLACEHOLDER_TOPIC_MAX } from "~/lib/topics";
import { renderCoverArt } from "~/server/pages/cover-art.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * `/art/cover.svg?topic=…`: a course's or post's placeholder cover in the school's name and brand
 * colour. Cached briefly by browsers: a new name or colour shows within five minutes (at once in
 * the page caches, which a settings save empties).
 */
export async function loader({ request }: { request: Request }) {
  const topic = new URL(request.url).searchParams.get("topic")?.slice(0, PLACEHOLDER_TOPIC_MAX) ?? null;
  const { schoolName, brandColor } = await getSiteSettings();
  return new Response(renderCoverArt({ schoolName, brandColor, topic }), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      // The art is only ever drawn as an image: nothing in it may run or load.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
