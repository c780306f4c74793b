import type * as React from "react";
import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toastApiReady } from "./toast-queue";

// Sonner's rich colours are CSS variables on its list element; point them at our tokens
// (inline style beats its stylesheet) so toasts match the theme and keep AA contrast.
const tokenStyle = {
  fontFamily: "var(--font-sans)",
  "--normal-bg": "var(--color-popover)",
  "--normal-text": "var(--color-popover-foreground)",
  "--normal-border": "var(--color-border)",
  "--success-bg": "color-mix(in srgb, var(--color-success) 5%, var(--color-background))",
  // The success green is 4.7:1 on its tint, under AA while the toast fades in; a darker shade (7.2:1) stays above it.
  "--success-text": "color-mix(in srgb, var(--color-success) 75%, black)",
  "--success-border": "color-mix(in srgb, var(--color-success) 30%, var(--color-background))",
  "--error-bg": "color-mix(in srgb, var(--color-destructive) 6%, var(--color-background))",
  // The same for errors: the sonner list now loads with the first toast, so an error toast can still be fading in when a page is checked.
  "--error-text": "color-mix(in srgb, var(--color-destructive) 75%, black)",
  "--error-border": "color-mix(in srgb, var(--color-destructive) 30%, var(--color-background))",
  "--warning-bg": "var(--color-accent)",
  "--warning-text": "var(--color-accent-foreground)",
  "--warning-border": "color-mix(in srgb, var(--color-warm) 50%, var(--color-background))",
  "--info-bg": "color-mix(in srgb, var(--color-primary) 5%, var(--color-background))",
  "--info-text": "var(--color-primary)",
  "--info-border": "color-mix(in srgb, var(--color-primary) 30%, var(--color-background))",
  "--border-radius": "var(--radius-md)",
} as React.CSSProperties;

/** Sonner's list, loaded with the first toast (toast-queue.ts). Its own effect subscribes before this one says it is ready. */
export default function SonnerToaster() {
  useEffect(() => toastApiReady(toast), []);
  return <Sonner position="bottom-right" richColors closeButton theme="light" style={tokenStyle} />;
}
