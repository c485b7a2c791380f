import { Form, useNavigation } from "react-router";

/**
 * A mail link's page acts only on a button press (mail scanners open links): one POST carrying the
 * link's token, the button saying so while it goes.
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
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="token" value={token} />
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-accent px-5 py-2.5 font-semibold text-white hover:bg-accent-strong disabled:opacity-70"
      >
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}
