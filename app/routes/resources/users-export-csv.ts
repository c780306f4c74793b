export { loader } from "./users-export-csv.server";
