// Run as its own process by tests/unit/closed-connection-writes.process.test.ts: installs the
// server's handlers, leaves one promise rejected with nobody waiting for it, and says whether the
// process is still running a moment later. argv[2]: "database" (a lost connection) or "bug".
import pino from "pino";
import { surviveClosedConnectionWrites } from "../../app/server/db/closed-connection-writes.server";

surviveClosedConnectionWrites(pino({ level: "error" }), "postgres://127.0.0.1:5432/site");
const reason =
  process.argv[2] === "database"
    ? Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" })
    : new Error("a programming error");
void Promise.reject(reason);
setTimeout(() => {
  console.log("still running");
  process.exit(0);
}, 300);
