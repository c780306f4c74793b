export { loader } from "./subscribers-export-csv.server";
