// The loader and action live with the rest of Admin → Pages in ./pages.server.ts.
export { pageEditLoader as loader, pageEditAction as action } from "./pages.server";
