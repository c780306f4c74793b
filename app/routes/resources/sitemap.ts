export { loader } from "./sitemap.server";
