import { listSitemapEntries, renderSitemapXml } from "~/routes/resources/sitemap.server";

export async function loader() {
  const xml = renderSitemapXml(await listSitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
