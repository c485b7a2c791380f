/**
 * Third-party embeds: the home page's video, the events wall and an optional ad script. Operators
 * edit this file; the content security policy allows exactly the embed origins named here (see
 * server/http/security.server.ts). site.ts gathers it with the rest for the server.
 */
export const embeds = {
  /** Featured video on the home page (a privacy-enhanced player loads only on click). */
  video: { id: "EJ6GsYoSmTo", title: "How electric vehicle charging works" },
  videoOrigins: ["https://www.youtube-nocookie.com", "https://i.ytimg.com"],
  /** The /events page shows this wall of community events. */
  eventsWall: {
    url: "https://www.eventbrite.com/d/united-states/electric-vehicles/",
    title: "Upcoming electric vehicle and clean transport events",
  },
  /** An optional ad script; none by default. */
  adScript: null as string | null,
} as const;
