export { loader } from "./cover-art.server";
