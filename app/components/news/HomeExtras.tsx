import { embeds } from "../../../content/embeds.ts";
import type { NewsletterResult } from "../../lib/newsletter.ts";
import { AdSlot } from "./AdSlot.tsx";
import { Newsletter } from "./Newsletter.tsx";
import { VideoFacade } from "./VideoFacade.tsx";

/** The home page below its headlines: the featured video, the ad slot and the newsletter. */
export function HomeExtras({ newsletter }: { newsletter?: NewsletterResult }) {
  return (
    <div className="space-y-10">
      <section aria-labelledby="video-title" className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-center">
        <div>
          <h2 id="video-title" className="mb-3 font-serif text-2xl font-bold">
            Featured video
          </h2>
          <VideoFacade id={embeds.video.id} title={embeds.video.title} />
        </div>
        <AdSlot script={embeds.adScript} />
      </section>
      <Newsletter fallback={newsletter} />
    </div>
  );
}
