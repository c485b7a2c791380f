import { type ReactNode, useRef, useState } from "react";
import { fetchText, parseXml, saveTextFile } from "#app/components/publishing/download.ts";
import { type FeedSummary, type RecentPost, summariseFeed } from "#app/components/publishing/feed-items.ts";
import { Copy, Download, Hammer, RefreshCw } from "#app/components/publishing/icons.tsx";
import { XmlPreview } from "#app/components/publishing/XmlPreview.tsx";
import { ExternalLink } from "#app/components/ui/icons.tsx";
import { formatShortDate, formatShortDateTime } from "#app/lib/dates.ts";
import { notify } from "#app/lib/toast.ts";

export type RssManagerProps = FeedSummary & {
  feedUrl: string;
  xml: string;
  problems: string[];
  /** The publication's zone: its times are shown in it. */
  timeZone?: string;
};

type Busy = "copy" | "refresh" | "download" | "regenerate" | null;
type Notice = { kind: "error" | "warning"; text: string } | null;

const FEED_PATH = "/rss.xml";
const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded border border-line bg-surface px-3.5 py-2 text-sm font-semibold hover:bg-black/5 aria-disabled:cursor-wait aria-disabled:opacity-60 dark:hover:bg-white/10";
const PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded bg-accent px-3.5 py-2 text-sm font-semibold text-white hover:bg-accent-strong aria-disabled:cursor-wait aria-disabled:opacity-60";

// Without Intl for the site's zone: a first Intl formatter loads ICU's data, a long task on a phone.
const when = (iso: string, zone?: string) => (iso ? formatShortDateTime(iso, zone) : "never");

function problemsNotice(problems: string[]): Notice {
  if (problems.length === 0) return null;
  const files = problems.length === 1 ? "1 post file was" : `${problems.length} post files were`;
  return { kind: "warning", text: `${files} left out of the feed: ${problems.join("; ")}` };
}

function Action({
  onClick,
  busy,
  label,
  busyLabel,
  icon,
  primary = false,
}: {
  onClick: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  icon: ReactNode;
  primary?: boolean;
}) {
  return (
    <button type="button" onClick={onClick} aria-disabled={busy} className={primary ? PRIMARY : BUTTON}>
      {icon}
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The feed address and its five actions, the newest posts and the XML (/rss-manager): an island
 * (app/components/ui/Island.tsx), hydrated with the route's loader data as its props. Without
 * JavaScript the address, the View link, the posts and the XML are all there.
 */
export default function RssManager(props: RssManagerProps) {
  const [feed, setFeed] = useState<FeedSummary & { xml: string }>(props);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(() => problemsNotice(props.problems));
  const input = useRef<HTMLInputElement>(null);

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    if (busy) return;
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const copy = () =>
    run("copy", async () => {
      try {
        if (!navigator.clipboard) throw new Error("no clipboard");
        await navigator.clipboard.writeText(props.feedUrl);
        setNotice(null);
        notify.success("RSS feed URL copied to clipboard");
      } catch {
        input.current?.select();
        const text =
          "Your browser did not allow copying. The address is selected: copy it with Ctrl+C (⌘C on a Mac).";
        setNotice({ kind: "error", text });
        notify.error("Could not copy the feed URL", { description: text });
      }
    });

  /** Fetches the live feed, shows it and gives it back. */
  async function load(): Promise<FeedSummary & { xml: string }> {
    const xml = await fetchText(FEED_PATH);
    const loaded = { ...summariseFeed(parseXml(xml)), xml };
    setFeed(loaded);
    return loaded;
  }

  const refresh = () =>
    run("refresh", async () => {
      try {
        const summary = await load();
        setNotice(null);
        notify.success("Feed Refreshed", {
          description: `${summary.items} ${summary.items === 1 ? "post" : "posts"}, last built ${when(summary.lastBuildDate, props.timeZone)}.`,
        });
      } catch (error) {
        const text = `Could not refresh the feed: ${(error as Error).message}`;
        setNotice({ kind: "error", text });
        notify.error("Error", { description: text });
      }
    });

  const download = () =>
    run("download", async () => {
      try {
        saveTextFile((await load()).xml, "rss.xml", "application/rss+xml");
        setNotice(null);
        notify.success("RSS feed downloaded successfully");
      } catch (error) {
        const text = `Could not download the feed: ${(error as Error).message}`;
        setNotice({ kind: "error", text });
        notify.error("Error", { description: text });
      }
    });

  const regenerate = () =>
    run("regenerate", async () => {
      try {
        const response = await fetch("/rss-manager/regenerate", { method: "POST" });
        const body = (await response.json().catch(() => null)) as
          | (FeedSummary & { ok: true; xml: string; problems: string[] })
          | null;
        if (!response.ok || !body?.ok) throw new Error(`status ${response.status}`);
        setFeed(body);
        setNotice(problemsNotice(body.problems));
        notify.success("RSS feed regenerated", {
          description: `Rebuilt from our posts: ${body.items} in the feed.`,
        });
      } catch {
        setNotice({ kind: "error", text: "Failed to generate RSS feed. Please try again in a moment." });
        notify.error("Error", { description: "Failed to generate RSS feed" });
      }
    });

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="feed-url-title"
        className="rounded-lg border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id="feed-url-title" className="font-serif text-2xl font-bold">
          Feed address
        </h2>
        <p className="mt-1 text-muted">Paste it into any feed reader to follow our posts.</p>
        <label htmlFor="feed-url" className="sr-only">
          RSS feed URL
        </label>
        <input
          ref={input}
          id="feed-url"
          type="url"
          readOnly
          value={props.feedUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-4 w-full rounded border border-line bg-page px-3 py-2.5 font-mono text-sm"
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <Action
            onClick={copy}
            busy={busy === "copy"}
            label="Copy"
            busyLabel="Copying…"
            icon={<Copy aria-hidden="true" className="size-4" />}
            primary
          />
          <a href={FEED_PATH} target="_blank" rel="noopener noreferrer" className={BUTTON}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View<span className="sr-only"> the feed (opens in a new tab)</span>
          </a>
          <Action
            onClick={refresh}
            busy={busy === "refresh"}
            label="Refresh"
            busyLabel="Refreshing…"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          />
          <Action
            onClick={download}
            busy={busy === "download"}
            label="Download"
            busyLabel="Downloading…"
            icon={<Download aria-hidden="true" className="size-4" />}
          />
          <Action
            onClick={regenerate}
            busy={busy === "regenerate"}
            label="Regenerate"
            busyLabel="Regenerating…"
            icon={<Hammer aria-hidden="true" className="size-4" />}
          />
        </div>
        <p role="status" className="mt-4 text-sm text-muted">
          {feed.items} {feed.items === 1 ? "post" : "posts"} in the feed (at most 50) · last built{" "}
          {when(feed.lastBuildDate, props.timeZone)} · readers check back every 60 minutes
        </p>
        {notice ? (
          <p
            role="alert"
            className={`mt-3 rounded border px-3 py-2 text-sm font-medium ${
              notice.kind === "error"
                ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
                : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            }`}
          >
            {notice.text}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className="font-serif text-2xl font-bold">
          Recent posts
        </h2>
        {feed.recent.length === 0 ? (
          <p className="mt-3 text-muted">The feed has no posts yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-[var(--line)] border-y border-line" data-testid="recent-posts">
            {feed.recent.map((p: RecentPost) => (
              <li key={p.url} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={p.publishedAt} className="shrink-0 text-sm text-muted sm:w-28">
                  {formatShortDate(p.publishedAt, props.timeZone)}
                </time>
                <span className="flex flex-col">
                  <a href={p.url} className="font-semibold hover:underline">
                    {p.title}
                  </a>
                  <span className="text-sm text-muted">
                    {p.category}
                    {p.author ? ` · ${p.author}` : ""}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="preview-title">
        <h2 id="preview-title" className="font-serif text-2xl font-bold">
          XML preview
        </h2>
        <p className="mt-1 mb-3 text-sm text-muted">The feed exactly as readers receive it.</p>
        <XmlPreview text={feed.xml} label="RSS feed XML" islandProp="xml" />
      </section>
    </div>
  );
}
