/**
 * A mail link's page acts only on a button press (mail scanners open links): one POST carrying the
 * link's token. The page script makes the button say `busyLabel` while it goes
 * (app/browser/busy-buttons.ts).
 */
export function TokenButtonForm({
  token,
  label,
  busyLabel,
}: {
  token: string;
  label: string;
  busyLabel: string;
}) {
  return (
    <form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      <button
        type="submit"
        data-busy-label={busyLabel}
        className="rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong disabled:opacity-70"
      >
        {label}
      </button>
    </form>
  );
}
