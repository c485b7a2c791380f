/**
 * Screenshots of pages at 375 px and 1280 px in Debian's Chromium, for looking at what we build:
 * `node scripts/screenshots.ts http://127.0.0.1:3000 / /about` writes reports/screens/*.png.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../playwright.config.ts";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "375,1280").split(",").map(Number);
const out = "reports/screens";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (const width of widths) {
    const page = await browser.newPage({
      viewport: { width, height: 900 },
      colorScheme: (process.env.SCHEME as "light" | "dark" | undefined) ?? "light",
    });
    for (const p of paths.length ? paths : ["/"]) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      const name = `${out}/${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}${process.env.SCHEME === "dark" ? "-dark" : ""}.png`;
      await page.screenshot({ path: name, fullPage: process.env.FULL !== "0" });
      console.log(name);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
