// `npm run lint`'s import check: imports flow one way (routes -> server modules -> store, shared
// code in app/lib/, domain/ at the bottom), with no cycle between folders or between files. Rules in lib/import-graph.ts.
import path from "node:path";
import { checkImports, readImportGraph } from "./lib/import-graph.ts";

const root = path.resolve(import.meta.dirname, "..");
const edges = readImportGraph(root);
const violations = checkImports(edges);
for (const violation of violations) console.error(`${violation.rule}: ${violation.message}`);
if (violations.length > 0) {
  console.error(`check-imports: ${violations.length} problem(s) in ${edges.length} imports`);
  process.exit(1);
}
console.log(`check-imports: ${edges.length} imports, one way, no cycle between folders or files`);
