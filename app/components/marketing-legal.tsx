import { PageHero } from "~/components/marketing-page-hero";

/** A numbered section: its body is HTML from the server's sanitising Markdown pipeline, never anything else. */
export type LegalSection = { id: string; title: string; html: string };

/** A policy page: title, date, a table of contents and numbered sections with anchors. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>{updated}</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Table of contents
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary hover:underline">
                  {`${index + 1}. ${section.title}`}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10 leading-relaxed [&_li]:mt-1.5 [&_p]:mt-3 [&_section_a]:font-semibold [&_section_a]:text-primary [&_section_a]:underline [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          {/* Sanitised on the server (app/server/markdown.server.ts), like every owner's text. */}
          <div className="text-lg text-muted-foreground" dangerouslySetInnerHTML={{ __html: intro }} />
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                {`${index + 1}. ${section.title}`}
              </h2>
              <div dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
