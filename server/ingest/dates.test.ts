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

  it("reads an offset of hours alone, and a date without a zone as UTC", () => {
    expect(iso("2024-05-01T10:00:00+05")).toBe("2024-05-01T05:00:00.000Z");
    expect(iso("2024-05-01T10:00:00-0330")).toBe("2024-05-01T13:30:00.000Z");
    expect(iso("2024-05-01T10:00:00z")).toBe("2024-05-01T10:00:00.000Z");
    expect(iso("1 May 2024 08:00")).toBe("2024-05-01T08:00:00.000Z");
    expect(iso("Wed, 01 May 2024 08:00:00 XYZ")).toBe("2024-05-01T08:00:00.000Z");
  });

  it("trims the value, and reads a missing one as no date", () => {
    expect(iso("  2024-04-29T10:00:00Z \n")).toBe("2024-04-29T10:00:00.000Z");
    expect(parseFeedDate(undefined)).toBeUndefined();
  });

  it("reads two-digit years 00-49 as 20xx and 50-99 as 19xx", () => {
    expect(iso("Mon, 06 Sep 49 16:45:00 GMT")).toBe("2049-09-06T16:45:00.000Z");
    expect(iso("Mon, 06 Sep 50 16:45:00 GMT")).toBe("1950-09-06T16:45:00.000Z");
    expect(iso("Mon, 06 Sep 99 16:45:00 GMT")).toBe("1999-09-06T16:45:00.000Z");
  });

  it("accepts each field's first and last value", () => {
    expect(iso("2024-01-01T00:00:00Z")).toBe("2024-01-01T00:00:00.000Z");
    expect(iso("2024-12-31T23:59:59Z")).toBe("2024-12-31T23:59:59.000Z");
    expect(iso("2024-04-30")).toBe("2024-04-30T00:00:00.000Z");
    // A leap second is read as the second before it.
    expect(iso("2016-12-31T23:59:60Z")).toBe("2016-12-31T23:59:59.000Z");
    // 29 February in leap years, the century rule included.
    expect(iso("2000-02-29")).toBe("2000-02-29T00:00:00.000Z");
    expect(iso("29 Feb 2024 10:00:00 GMT")).toBe("2024-02-29T10:00:00.000Z");
  });

  it("accepts the first and last moment of the years a feed date may name", () => {
    expect(iso("1900-01-01T00:00:00Z")).toBe("1900-01-01T00:00:00.000Z");
    expect(iso("9999-12-31T23:59:59Z")).toBe("9999-12-31T23:59:59.000Z");
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
    "1899-12-31T23:59:59Z",
    "1900-01-01T00:00:00+00:01",
    "9999-12-31T23:59:59.5Z",
    "9999-12-31T23:00:00-05:00",
    "2024-00-10",
    "2024-05-00",
    "2024-04-31",
    "2024-05-01T10:60:00Z",
    "2024-05-01T10:00:61Z",
    "1900-02-29",
    "2100-02-29",
    "29 Feb 2023 10:00:00 GMT",
    "01 Foo 2024 10:00:00 GMT",
  ])("rejects %j", (value) => {
    expect(parseFeedDate(value)).toBeUndefined();
  });
});
