/**
 * The mail benchmark's SMTP sink in a process of its own (bench/mail.ts forks it): it says
 * { ready, port } over IPC, answers { counts } with its counts, { watch: n } with { reached: n }
 * once n mails were delivered and { watchData: n } with { dataStarted: n } when the n-th DATA begins. It ends when the bench disconnects.
 */
import { startSmtpSink } from "#scripts/lib/smtp-sink.ts";

const sink = await startSmtpSink();
const send = (message: object) => process.send?.(message);
process.on("message", (message: { counts?: true; watch?: number; watchData?: number }) => {
  if (message.counts) send({ counts: sink.counts() });
  if (message.watch !== undefined) {
    const at = message.watch;
    sink.onDeliveries(at, () => send({ reached: at }));
  }
  if (message.watchData !== undefined) {
    const at = message.watchData;
    sink.onDataStarts(at, () => send({ dataStarted: at }));
  }
});
process.on("disconnect", () => {
  void sink.close();
  process.exit(0);
});
send({ ready: true, port: sink.port });
