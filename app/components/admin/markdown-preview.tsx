import { useEffect, useState } from "react";
import { Spinner } from "~/components/ui/spinner";

const DEBOUNCE_MS = 300;

/**
 * The post as the public page will show it: the server renders the markdown with the same
 * pipeline (sanitised HTML), a moment after typing stops.
 */
export function MarkdownPreview({ markdown, id }: { markdown: string; id?: string }) {
  const [html, setHtml] = useState("");
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState("loading");
      try {
        const body = new FormData();
        body.set("content_md", markdown);
        const response = await fetch("/api/admin/markdown-preview", { method: "POST", body, signal: controller.signal });
        const result = (await response.json()) as { html: string; error: string | null };
        if (!response.ok || result.error) throw new Error(result.error ?? `Preview failed with status ${response.status}`);
        setHtml(result.html);
        setState("idle");
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("markdown preview failed", error);
        setState("error");
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown]);

  return (
    <div id={id} className="relative min-h-48 rounded-md border border-border bg-background p-4">
      {state === "loading" ? (
        <span className="absolute top-2 right-2">
          <Spinner label="Updating preview" />
        </span>
      ) : null}
      {state === "error" ? (
        <p className="text-sm text-destructive">The preview could not be updated.</p>
      ) : markdown.trim() === "" ? (
        <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
      ) : (
        <div
          data-testid="markdown-preview"
          className="max-w-none text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:mt-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded-md [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6"
          // Sanitised on the server by the same allow-list as the public post page.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}
