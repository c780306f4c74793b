export { loader } from "./jwks.server";
