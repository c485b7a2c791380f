import { embeds } from "#content/embeds.ts";
import type { NewsletterResult } from "#domain/newsletter.ts";
import { AdSlot } from "./AdSlot.tsx";
import { Newsletter } from "./Newsletter.tsx";
import { VideoFacade } from "./VideoFacade.tsx";

/** The home page below its headlines: the featured video, the ad slot and the newsletter. */
export function HomeExtras({ newsletter }: { newsletter?: NewsletterResult }) {
  return (
    <div className="space-y-10">
      {/* Beside an ad, two thirds of the row; without one, centred at a width that leaves no
          empty third beside it and keeps the 16:9 frame within a laptop's screen. */}
      <section
        aria-labelledby="video-title"
        className={
          embeds.adScript ? "grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-center" : "mx-auto w-full max-w-4xl"
        }
      >
        <div>
          <h2 id="video-title" className="mb-3 font-serif text-2xl font-bold">
            Featured video
          </h2>
          <VideoFacade id={embeds.video.id} title={embeds.video.title} />
        </div>
        <AdSlot script={embeds.adScript} />
      </section>
      <Newsletter result={newsletter} />
    </div>
  );
}
