/**
 * Hydrates the page the server rendered with React. A production build runs this on Preact's
 * compat layer (docs/decisions/037), which differs from React's DOM client in the ways this file
 * bridges. Under React (`npm run dev`) only the removal of the server's preloads does anything, and
 * React needs none of them.
 */
import { Fragment, options } from "preact";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

type Ref = ((element: Element | null) => void) | { current: Element | null } | null | undefined;
const autoFocused = new WeakSet<Element>();

function focusFirstTime(element: Element | null) {
  if (element instanceof HTMLElement && !autoFocused.has(element)) {
    autoFocused.add(element);
    element.focus();
  }
}

// One wrapper per ref, so a re-render hands Preact the same ref and it is not called again.
const focusingRefs = new WeakMap<object, (element: Element | null) => void>();

/** React focuses an `autoFocus` element when it mounts; Preact only writes the attribute. */
function focusOnMount(ref: Ref) {
  if (!ref) return focusFirstTime;
  let focusing = focusingRefs.get(ref);
  if (!focusing) {
    focusing = (element) => {
      focusFirstTime(element);
      if (typeof ref === "function") ref(element);
      else ref.current = element;
    };
    focusingRefs.set(ref, focusing);
  }
  return focusing;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const node = vnode as { type: unknown; props: { autoFocus?: boolean }; ref?: Ref };
  // Preact hydrates a document into its <html> element, so the root layout's <html> would be a
  // second one inside it: it stands for the element already there, whose children hydrate in place.
  if (node.type === "html") node.type = Fragment;
  else if (typeof node.type === "string" && node.props.autoFocus) node.ref = focusOnMount(node.ref);
  previousVnodeHook?.(vnode);
};

// React's server renderer adds preloads to the <head> for the page's first images and its module
// scripts. The browser has asked for them by now and no component renders them: gone, they cannot
// be paired with the layout's own <link>s (Preact pairs a head's elements by tag name, in order).
for (const preload of document.head.querySelectorAll('link[rel="preload"][as="image"], link[rel="modulepreload"]')) {
  preload.remove();
}

// `useId` gives different ids on the server (React) and here (Preact), and Preact leaves a hydrated
// element's attributes as the server wrote them. While hydrating, the attributes that hold or name an
// id take this side's values, so an element made later, or a lookup by id, finds what it names.
const ID_ATTRIBUTES = [
  "id",
  "for",
  "aria-controls",
  "aria-describedby",
  "aria-labelledby",
  "aria-owns",
  "aria-activedescendant",
  "aria-errormessage",
];
let hydrating = false;
const previousDiffedHook = options.diffed;
options.diffed = (vnode) => {
  // `__e` is the vnode's DOM node: Preact's own (mangled) field, as its devtools and signals read it.
  const element = hydrating && typeof vnode.type === "string" ? (vnode as unknown as { __e?: Element | null }).__e : null;
  if (element) {
    const props = vnode.props as Record<string, unknown>;
    for (const name of ID_ATTRIBUTES) {
      const value = name === "for" ? (props.for ?? props.htmlFor) : props[name];
      if (typeof value === "string" && element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }
  previousDiffedHook?.(vnode);
};

function hydrate() {
  hydrating = true;
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  } finally {
    hydrating = false;
  }
}

// React Router suspends its first render until it has read the state streamed into the page.
// React waits at the root; Preact throws the promise back here, and hydration starts once it settles.
// Preact hydrates in one go, so it starts in a task of its own, not in the one that ran the modules.
setTimeout(() =>
  startTransition(() => {
    try {
      hydrate();
    } catch (pending) {
      if (!(pending instanceof Promise)) throw pending;
      void pending.then(() => setTimeout(hydrate));
    }
  }),
);
