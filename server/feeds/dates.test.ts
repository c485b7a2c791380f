import { describe, expect, it } from "vitest";
import { parseFeedDate } from "./dates.ts";

const iso = (s: string) => parseFeedDate(s)?.toISOString();

describe("parseFeedDate", () => {
  it("reads RFC 822 dates with offsets, zone names and two-digit years", () => {
    expect(iso("Wed, 01 May 2024 14:30:00 +0200")).toBe("2024-05-01T12:30:00.000Z");
    expect(iso("Wed, 01 May 2024 08:00:00 EDT")).toBe("2024-05-01T12:00:00.000Z");
    expect(iso("1 May 2024 08:00 GMT")).toBe("2024-05-01T08:00:00.000Z");
    expect(iso("Mon, 06 Sep 21 16:45:00 GMT")).toBe("2021-09-06T16:45:00.000Z");
    expect(iso("Monday, 06-Sep-2021 16:45:00 UTC")).toBe("2021-09-06T16:45:00.000Z");
    expect(iso("Tue, 14 May 2024 09:30:00 -0400")).toBe("2024-05-14T13:30:00.000Z");
  });

  it("reads ISO 8601 dates, reading a date without a zone as UTC", () => {
    expect(iso("2024-04-30T23:15:00-07:00")).toBe("2024-05-01T06:15:00.000Z");
    expect(iso("2024-05-01T10:00:00.123456+05:30")).toBe("2024-05-01T04:30:00.123Z");
    expect(iso("2024-04-29")).toBe("2024-04-29T00:00:00.000Z");
    expect(iso("2024-04-29 10:20:30")).toBe("2024-04-29T10:20:30.000Z");
    expect(iso("2024-02-29T10:00:00Z")).toBe("2024-02-29T10:00:00.000Z");
  });

  it.each([
    "",
    "   ",
    "sometime last week",
    "hello 2",
    "12",
    "31 Feb 2024 10:00:00 GMT",
    "2023-02-29T10:00:00Z",
    "2024-13-01",
    "2024-05-01T25:00:00Z",
    "1899-12-31",
  ])("rejects %j", (value) => {
    expect(parseFeedDate(value)).toBeUndefined();
  });
});
