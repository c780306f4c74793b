import { useEffect, useState } from "react";
import { Prose } from "~/components/prose";
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
        body.set("contentMd", markdown);
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
        // Sanitised on the server by the same allow-list as the public pages, and styled the same.
        <Prose data-testid="markdown-preview" html={html} />
      )}
    </div>
  );
}
