#!/usr/bin/env node
// Checks package-lock.json against the Node versions package.json promises (`engines.node`):
// every locked package that declares `engines.node` has to accept the first release of each line
// the project supports (for ">=20.19" that is 20.19.0; for "^20.19.0 || ^22.13.0 || >=24" it is
// 20.19.0, 22.13.0 and 24.0.0). Exits 1 naming the packages that do not.
//
// Optional packages (platform binaries npm skips where they do not fit) only have to accept the
// project's minimum; one that drops a later line is printed as a note.
//
// Usage: npm run check:engines
import { readFileSync } from "node:fs";
import semver from "semver";

const root = new URL("../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));

const projectRange = pkg.engines?.node;
if (!projectRange || !semver.validRange(projectRange)) {
  console.error(`check-engines: package.json has no valid engines.node (${JSON.stringify(projectRange)})`);
  process.exit(1);
}

// The first release of each line the project accepts, lowest first; the first one is the minimum.
const checked = new semver.Range(projectRange).set
  .map((comparators) => semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(" "))))
  .filter(Boolean)
  .sort(semver.compare)
  .map(String);
const minimum = checked[0];

const failures = [];
const notes = [];
let declared = 0;

for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  if (location === "" || entry.link) continue;
  const range = entry.engines?.node;
  if (typeof range !== "string") continue;
  declared++;
  const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
  const id = `${name}@${entry.version}`;
  if (!semver.validRange(range)) {
    failures.push(`${id} declares an unreadable engines.node "${range}"`);
    continue;
  }
  const rejected = checked.filter((version) => !semver.satisfies(version, range));
  if (rejected.length === 0) continue;
  const line = `${id} needs node "${range}" (rejects ${rejected.join(", ")})`;
  if (entry.optional && semver.satisfies(minimum, range)) notes.push(line);
  else failures.push(line);
}

for (const line of notes) console.log(`note: optional ${line}`);
if (failures.length > 0) {
  console.error(
    `check-engines: ${failures.length} locked package(s) do not run on every Node the project supports (engines.node "${projectRange}"):`,
  );
  for (const line of failures) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `check-engines: ${declared} locked packages declare engines.node; all accept ${checked.join(", ")} (engines.node "${projectRange}")`,
);
