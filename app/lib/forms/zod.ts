// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place code that can reach the browser imports zod
import { z } from "zod";

/**
 * zod, as every form schema that can reach the browser imports it. In the browser it runs without
 * its compiled fast path: that path first probes whether `new Function` works, and the site's
 * Content-Security-Policy (no 'unsafe-eval') refuses the probe, reported as a violation on every
 * page that builds a schema. The server keeps the fast path. This module is evaluated before any
 * schema that imports from it is built, which is when zod reads the setting.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
