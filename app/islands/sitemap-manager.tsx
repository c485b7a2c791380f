import { useState } from "react";
import { fetchText, parseXml, saveTextFile } from "#app/components/publishing/download.ts";
import { Download, FileCode, RefreshCw } from "#app/components/publishing/icons.tsx";
import { XmlPreview } from "#app/components/publishing/XmlPreview.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { notify } from "#app/lib/toast.ts";

type SitemapKind = "main" | "news";

type Row = { path: string; cells: string[] };
type State =
  | { step: "idle" }
  | { step: "generating" }
  | { step: "shown"; xml: string; rows: Row[]; at: string }
  | { step: "failed"; message: string };

const KINDS = {
  main: {
    title: "Main sitemap",
    file: "sitemap.xml",
    blurb:
      "Every public page (home, the 16 sections, the blog and its posts, the site's pages) with its last change, how often it changes and its priority.",
    columns: ["Page", "Priority", "Changes", "Last modified"],
    noun: ["page", "pages"],
  },
  news: {
    title: "News sitemap",
    file: "news-sitemap.xml",
    blurb:
      "Our own articles from the last two days, in Google News format: publication, date, title and keywords.",
    columns: ["Article", "Title", "Published"],
    noun: ["article", "articles"],
  },
} as const;

const NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";

function rowsOf(doc: Document, kind: SitemapKind): Row[] {
  return [...doc.getElementsByTagName("url")].map((url) => {
    const get = (tag: string) => url.getElementsByTagName(tag)[0]?.textContent ?? "";
    const news = (tag: string) => url.getElementsByTagNameNS(NEWS_NS, tag)[0]?.textContent ?? "";
    let path = get("loc");
    try {
      path = new URL(path).pathname;
    } catch {}
    return kind === "main"
      ? { path, cells: [get("priority"), get("changefreq"), get("lastmod").slice(0, 10)] }
      : { path, cells: [news("title"), news("publication_date").slice(0, 16).replace("T", " ")] };
  });
}

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded border border-line bg-surface px-3.5 py-2 text-sm font-semibold hover:bg-black/5 dark:hover:bg-white/10";
const PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded bg-accent px-3.5 py-2 text-sm font-semibold text-white hover:bg-accent-strong aria-disabled:cursor-wait aria-disabled:opacity-60";

/** One sitemap: idle → generating → shown with a preview and a Download button. */
function SitemapGenerator({ kind, note }: { kind: SitemapKind; note?: string }) {
  const k = KINDS[kind];
  const [state, setState] = useState<State>({ step: "idle" });
  const id = `sitemap-${kind}`;

  async function generate() {
    if (state.step === "generating") return;
    setState({ step: "generating" });
    try {
      const xml = await fetchText(`/${k.file}`);
      const rows = rowsOf(parseXml(xml), kind);
      setState({ step: "shown", xml, rows, at: new Date().toISOString() });
      notify.success(`${k.title} generated`, {
        description:
          rows.length === 0
            ? "No articles from the last two days: the file is a valid, empty sitemap."
            : `${rows.length} ${rows.length === 1 ? k.noun[0] : k.noun[1]}.`,
      });
    } catch (error) {
      setState({
        step: "failed",
        message: `The ${k.title.toLowerCase()} could not be generated: ${(error as Error).message}`,
      });
    }
  }

  function download() {
    if (state.step !== "shown") return;
    saveTextFile(state.xml, k.file, "application/xml");
    notify.success(`${k.file} downloaded`);
  }

  const generating = state.step === "generating";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 font-serif text-2xl font-bold">
            <FileCode aria-hidden="true" className="size-6 shrink-0 text-[var(--link)]" />
            {k.title}
          </h2>
          <p className="mt-1 max-w-2xl text-muted">
            {k.blurb}{" "}
            <a href={`/${k.file}`} className="link whitespace-nowrap">
              /{k.file}
            </a>
          </p>
          {note ? (
            <p className="mt-3 max-w-2xl rounded border border-line bg-page px-3 py-2 text-sm">{note}</p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={generate}
          aria-disabled={generating}
          className={`${PRIMARY} shrink-0 self-start`}
        >
          {generating ? (
            <Spinner />
          ) : state.step === "idle" ? null : (
            <RefreshCw aria-hidden="true" className="size-4" />
          )}
          {generating
            ? "Generating…"
            : state.step === "idle"
              ? `Generate ${k.title.toLowerCase()}`
              : "Generate again"}
        </button>
      </div>

      <p role="status" className="mt-4 text-sm text-muted empty:hidden">
        {state.step === "generating"
          ? `Generating ${k.file}…`
          : state.step === "shown"
            ? `${k.file}: ${state.rows.length} ${state.rows.length === 1 ? k.noun[0] : k.noun[1]}${
                state.rows.length === 0
                  ? " (a valid, empty sitemap: nothing was published in the last two days)"
                  : ""
              }.`
            : ""}
      </p>
      {state.step === "failed" ? (
        <p
          role="alert"
          className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {state.message}
        </p>
      ) : null}

      {state.step === "shown" ? (
        <div className="mt-4 space-y-4">
          <button type="button" onClick={download} className={BUTTON}>
            <Download aria-hidden="true" className="size-4" />
            Download {k.file}
          </button>
          {state.rows.length > 0 ? (
            <details className="rounded border border-line">
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">
                List the {state.rows.length} {state.rows.length === 1 ? k.noun[0] : k.noun[1]}
              </summary>
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
                tabIndex={0}
                aria-label={`${k.title} entries`}
                className="max-h-80 overflow-auto border-t border-line"
              >
                <table className="w-full border-collapse text-left text-sm">
                  <thead className="sticky top-0 bg-surface">
                    <tr>
                      {k.columns.map((c) => (
                        <th key={c} scope="col" className="border-b border-line px-3 py-2 font-semibold">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {state.rows.map((r) => (
                      <tr key={r.path} className="border-b border-line last:border-0">
                        <td className="px-3 py-1.5 font-mono text-xs break-all">{r.path}</td>
                        {r.cells.map((c, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                          <td key={i} className="px-3 py-1.5 whitespace-nowrap">
                            {c}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </details>
          ) : null}
          <XmlPreview text={state.xml} label={`${k.file} preview`} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * Both sitemap cards (/sitemap-manager): an island (app/components/ui/Island.tsx). Without
 * JavaScript each card still links to its file; generating, the preview and the download need it.
 */
export default function SitemapManager({ newsNote }: { newsNote: string }) {
  return (
    <div className="space-y-6">
      <SitemapGenerator kind="main" />
      <SitemapGenerator kind="news" note={newsNote} />
    </div>
  );
}
