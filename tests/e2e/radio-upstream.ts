/**
 * The end-to-end tests' radio station (a Playwright webServer): our looping test tone on
 * http://127.0.0.1:$RADIO_UPSTREAM_PORT/stream/<port>, sent in real time like a station.
 */
import { startFakeUpstream } from "#server/radio/testing/fake-upstream.ts";

const port = Number(process.env.RADIO_UPSTREAM_PORT ?? 4432);
const station = await startFakeUpstream({ port, realTime: true });
console.log(`Fake radio station on ${station.url("/stream/{port}")}`);

const stop = () => void station.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
