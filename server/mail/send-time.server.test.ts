import { describe, expect, it } from "vitest";
import { CATCH_UP_MS, dayIn, editionDue, momentOf, nextSendTime } from "./send-time.server.ts";

const NY = "America/New_York";

describe("the edition's time in the site's zone", () => {
  it("finds 07:00 in New York in winter, in summer and on both daylight-saving days", () => {
    expect(momentOf("2026-11-26", "07:00", NY).toISOString()).toBe("2026-11-26T12:00:00.000Z");
    expect(momentOf("2026-07-01", "07:00", NY).toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(momentOf("2026-03-08", "07:00", NY).toISOString()).toBe("2026-03-08T11:00:00.000Z");
    expect(momentOf("2026-11-01", "07:00", NY).toISOString()).toBe("2026-11-01T12:00:00.000Z");
    // 02:30 does not exist on the spring day: the hour after the jump.
    expect(momentOf("2026-03-08", "02:30", NY).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // The same rule east of Greenwich: 01:30 does not exist in London that day; 02:30 BST does.
    expect(momentOf("2026-03-29", "01:30", "Europe/London").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(momentOf("2026-11-26", "07:00", "Asia/Tokyo").toISOString()).toBe("2026-11-25T22:00:00.000Z");
  });

  it("is due from its time for CATCH_UP_MS, on the zone's day", () => {
    expect(editionDue(new Date("2026-11-26T11:59:00Z"), "07:00", NY)).toEqual({
      due: false,
      day: "2026-11-26",
    });
    expect(editionDue(new Date("2026-11-26T12:00:00Z"), "07:00", NY)).toEqual({
      due: true,
      day: "2026-11-26",
    });
    expect(editionDue(new Date(Date.parse("2026-11-26T12:00:00Z") + CATCH_UP_MS - 1), "07:00", NY).due).toBe(
      true,
    );
    expect(editionDue(new Date(Date.parse("2026-11-26T12:00:00Z") + CATCH_UP_MS), "07:00", NY).due).toBe(
      false,
    );
    // 03:00 UTC on the 27th is still the 26th in New York.
    expect(dayIn(new Date("2026-11-27T03:00:00Z"), NY)).toBe("2026-11-26");
  });

  it("schedules the next send today before the time and tomorrow after it", () => {
    expect(nextSendTime(new Date("2026-11-26T11:00:00Z"), "07:00", NY).toISOString()).toBe(
      "2026-11-26T12:00:00.000Z",
    );
    expect(nextSendTime(new Date("2026-11-26T12:00:00Z"), "07:00", NY).toISOString()).toBe(
      "2026-11-27T12:00:00.000Z",
    );
    expect(nextSendTime(new Date("2026-03-07T13:00:00Z"), "07:00", NY).toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
  });
});
