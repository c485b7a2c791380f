/**
 * The mail benchmark's SMTP sink in a process of its own (bench/mail.ts forks it): it says
 * { ready, port } over IPC, answers { counts } with its counts and { watch: n } with { reached: n }
 * once n mails were delivered. It ends when the bench disconnects.
 */
import { startSmtpSink } from "#scripts/lib/smtp-sink.ts";

const sink = await startSmtpSink();
const send = (message: object) => process.send?.(message);
process.on("message", (message: { counts?: true; watch?: number }) => {
  if (message.counts) send({ counts: sink.counts() });
  if (message.watch !== undefined) {
    const at = message.watch;
    sink.onDeliveries(at, () => send({ reached: at }));
  }
});
process.on("disconnect", () => {
  void sink.close();
  process.exit(0);
});
send({ ready: true, port: sink.port });
