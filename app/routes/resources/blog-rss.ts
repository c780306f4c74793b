export { loader } from "./blog-rss.server";
