// The loader live with the rest of Admin → Pages in ./pages.server.ts.
export { pagePreviewLoader as loader } from "./pages.server";
