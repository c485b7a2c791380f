import type { SectionKey } from "./sections.ts";

/**
 * Each section page's subtitle, under its display name: the section table's (sections.ts) one
 * column kept apart, so that only the section page's loaders load it (a client navigation late).
 */
export const SECTION_SUBTITLES: Record<SectionKey, string> = {
  local: "News from around the region: transit, councils, schools and neighbourhoods.",
  national: "The stories shaping the country, from Washington to Main Street.",
  world: "Reporting from every continent on the events that matter beyond our borders.",
  politics: "Elections, legislation and the policies behind the headlines.",
  business: "Markets, companies, jobs and the economics of the energy transition.",
  technology: "Batteries, software, chips and the innovations changing how we live and travel.",
  automotive: "Electric vehicles, charging networks and the energy that powers them.",
  realestate: "Homes, rents, building and the neighbourhoods people choose.",
  health: "Medicine, wellbeing and the science of living well.",
  sports: "Baseball, tennis, golf, hockey and soccer: results and the stories behind them.",
  arts: "Books, film, music, theatre and the visual arts.",
  food: "Restaurants, recipes and the people who feed us.",
  lifestyle: "Style, travel, home and the way we live now.",
  opinion: "Columns and commentary from writers who make you think.",
  archives: "History's stories, revisited with fresh eyes.",
  events: "Talks, meetups, ride-and-drives and clean-transport events near you.",
};
