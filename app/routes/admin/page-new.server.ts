// The loader and action live with the rest of Admin → Pages in ./pages.server.ts.
export { newPageLoader as loader, newPageAction as action } from "./pages.server";
