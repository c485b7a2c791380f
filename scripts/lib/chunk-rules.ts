/**
 * The client build's chunks, decided from the import graph rather than from file names (used by
 * vite.config.ts): adding or moving a file puts it where its imports say.
 */
export type ModuleGraph = {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
};

// Every page loads these with the frame. Also the bundler's runtime helpers and React Router's
// client entry: each in a file of its own costs a request and a gzip stream for a few hundred bytes.
export const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[:/]runtime|vite[\\/]preload-helper|[\\/]entry\.client\.tsx$|[\\/]app[\\/]root\.tsx$/;
// The site's code; of it, the folders of small helpers (ui/, lib/, content/, domain/) that go to the shell once two pages share
// them, and the component folders. Code in app/lib/ and domain/ follows its users (the frame, a
// shared component, or the pages of one), so moving a module between the two changes nothing.
const SOURCE = /[\\/](app|content|domain)[\\/]/;
const HELPERS = /[\\/](app[\\/](components[\\/]ui|lib)|content|domain)[\\/]/;
const COMPONENT_FOLDER = /[\\/]app[\\/]components[\\/](?!ui[\\/])([^\\/]+)[\\/]/;

/**
 * Which chunk each of the site's modules goes to, decided from the import graph: "shell" for the
 * frame (what the client entry and the root route import statically); a component folder's name
 * for its modules that two or more pages import, for what they import, and for a module exactly
 * the same pages use; "shell" for a helper (ui/, lib/, content/, domain/) two or more pages import; none (the
 * bundler's choice) for the rest: code of one page, and code loaded late
 * (app/components/ui/late.tsx), which no page imports statically.
 */
export function chunksOf(graph: ModuleGraph): Map<string, string> {
  const entries = new Map<string, Set<string>>();
  /** The entries (the frame's and the pages' route modules) that reach `id` by static imports. */
  const entriesOf = (id: string): Set<string> => {
    let found = entries.get(id);
    if (found) return found;
    found = new Set();
    entries.set(id, found); // an import cycle reads what is found so far
    const info = graph.getModuleInfo(id);
    if (info?.isEntry) found.add(id);
    for (const importer of info?.importers ?? []) for (const e of entriesOf(importer)) found.add(e);
    return found;
  };
  const isFrame = (id: string) => [...entriesOf(id)].some((e) => FRAMEWORK.test(e.replace(/\?.*/, "")));
  const sharedFolder = (id: string) => {
    const folder = COMPONENT_FOLDER.exec(id)?.[1];
    return folder && !isFrame(id) && entriesOf(id).size >= 2 ? folder : undefined;
  };
  /** The folder of a shared component that imports `id`, directly or not. */
  const owner = (id: string, seen = new Set<string>()): string | undefined => {
    for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      const folder = sharedFolder(importer) ?? owner(importer, seen);
      if (folder) return folder;
    }
    return undefined;
  };
  const ids = [...graph.getModuleIds()];
  /** Each shared component folder's page sets (one for each of its shared components). */
  const folderPages = new Map<string, string>();
  const key = (pages: Set<string>) => [...pages].sort().join(" ");
  for (const id of ids) {
    const folder = sharedFolder(id);
    if (folder) folderPages.set(key(entriesOf(id)), folder);
  }
  /** A module that exactly the pages of a shared component use goes with it. */
  const samePages = (id: string) =>
    entriesOf(id).size >= 2 ? folderPages.get(key(entriesOf(id))) : undefined;
  const chunks = new Map<string, string>();
  for (const id of ids) {
    // An entry (React Router's route modules) keeps a chunk of its own, which the page asks for.
    if (!SOURCE.test(id) || /[\\/]node_modules[\\/]/.test(id) || graph.getModuleInfo(id)?.isEntry) continue;
    const chunk = isFrame(id)
      ? "shell"
      : (sharedFolder(id) ??
        owner(id) ??
        samePages(id) ??
        (HELPERS.test(id) && entriesOf(id).size >= 2 ? "shell" : undefined));
    if (chunk) chunks.set(id, chunk);
  }
  return chunks;
}
