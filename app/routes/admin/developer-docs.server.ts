/** The API reference page's loader lives with the rest of Admin → Developers. */
export { apiDocsLoader } from "./developers.server";
