/**
 * The footer's About paragraph. Here rather than in identity.ts, which every page's script
 * carries: the footer's own script loads only when the reader nears it.
 */
export const footerAbout =
  "The Electric Ledger follows the shift to electric transport: the cars and buses, the chargers and grids, the policies and prices. Alongside it we gather the day's local, national and world headlines from trusted publishers, so readers find both in one place.";
