export { loader } from "./api-me.server";
