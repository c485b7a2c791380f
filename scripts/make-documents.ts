/**
 * Renders the partner documents listed in content/partners.ts to public/documents/<name>.pdf with Chromium.
 * Run with `node scripts/make-documents.ts`. Each document is two US Letter pages; the script fails loudly if
 * a document's content no longer fits, or if a PDF grows past the size budget.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { type PartnerDocument, partnerDocuments } from "#content/partners.ts";
import { site } from "#content/site.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium.ts";

type DocumentContent = {
  subtitle: string;
  published: string;
  aboutPartner: string;
  /** Inner HTML of each printed page, in order. */
  pages: string[];
};

const maxBytes = 150 * 1024;
const expectedPages = 2;

function fontFace(weight: number, style: "normal" | "italic"): string {
  const file = new URL(
    `../node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-${weight}-${style}.woff2`,
    import.meta.url,
  );
  const data = readFileSync(file).toString("base64");
  return (
    `@font-face{font-family:"Source Serif 4";font-style:${style};font-weight:${weight};` +
    `src:url(data:font/woff2;base64,${data}) format("woff2");}`
  );
}

const styles = `
${fontFace(400, "normal")}
${fontFace(400, "italic")}
${fontFace(600, "normal")}
${fontFace(700, "normal")}
@page { size: Letter; margin: 0.55in 0.75in 0.7in; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Source Serif 4", Georgia, "Liberation Serif", serif; font-size: 10.1pt;
  line-height: 1.4; color: #1c2130; }
.page { break-after: page; }
.page:last-child { break-after: auto; }
.masthead { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #14213d;
  padding-bottom: 6px; font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif; font-size: 8pt;
  letter-spacing: 0.06em; text-transform: uppercase; color: #14213d; }
.masthead strong { color: #9a6b00; }
h1 { font-size: 25pt; line-height: 1.1; margin: 16px 0 6px; color: #14213d; font-weight: 700; }
.subtitle { font-size: 12.5pt; font-style: italic; color: #3d4559; margin: 0 0 10px; }
.byline { font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif; font-size: 8.5pt; color: #4a5163;
  border-top: 1px solid #d5d0c4; border-bottom: 1px solid #d5d0c4; padding: 6px 0; margin-bottom: 12px; }
.byline b { color: #14213d; }
h2 { font-size: 13.5pt; color: #14213d; margin: 14px 0 4px; font-weight: 700; }
h3 { font-size: 11pt; margin: 10px 0 2px; font-weight: 600; color: #14213d; }
p { margin: 0 0 7px; }
ul, ol { margin: 2px 0 8px; padding-left: 18px; }
li { margin-bottom: 3px; }
table { width: 100%; border-collapse: collapse; margin: 8px 0 10px; font-family: "Liberation Sans", "DejaVu Sans",
  Arial, sans-serif; font-size: 8.4pt; line-height: 1.3; }
caption { text-align: left; font-weight: 700; font-size: 8.8pt; color: #14213d; padding-bottom: 4px; }
th { background: #14213d; color: #fff; text-align: left; padding: 5px 6px; font-weight: 700; }
td { padding: 5px 6px; border-bottom: 1px solid #d5d0c4; vertical-align: top; }
td:first-child { font-weight: 700; color: #14213d; }
tr:nth-child(even) td { background: #f6f3ec; }
.callout { background: #f6f1e2; border-left: 4px solid #c9a227; padding: 8px 12px; margin: 10px 0; }
.callout p:last-child { margin-bottom: 0; }
.about { margin-top: 12px; border-top: 2px solid #14213d; padding-top: 8px; font-size: 9pt; color: #3d4559; }
`;

const contents: Record<string, DocumentContent> = {
  "public-charging-network-report-2024": {
    subtitle: "A reader’s guide to public charging: speeds, plugs, reliability and what changes next",
    published: "November 2024",
    aboutPartner:
      "The Riverbend Regional Charging Alliance brings together charging operators, utilities and local " +
      "governments to plan public charging that drivers can count on. This report is general guidance; always " +
      "check live station status in your vehicle or the operator’s app before a trip.",
    pages: [
      `
<h2>Public charging at a glance</h2>
<p>Most electric vehicle drivers do most of their charging at home or at work, where the car sits for hours. Public
charging fills the gaps: long trips, apartment dwellers without a driveway, ride-hail and delivery drivers, and
visitors. A healthy public network therefore needs two very different things: slow, plentiful chargers where
people park for a long time, and fast, dependable chargers along the routes people travel.</p>

<h2>Three levels of charging</h2>
<p>Chargers are grouped into three “levels” by how they deliver power. Level 1 and Level 2 supply alternating
current (AC), which the car’s own onboard charger converts to direct current (DC) for the battery. DC fast chargers
do that conversion in the station cabinet and feed the battery directly, which is why they can be so much faster.</p>
<table>
  <caption>Table 1. Charging levels in North America</caption>
  <thead><tr><th>Level</th><th>Supply</th><th>Typical power</th><th>Range added</th><th>Where you find it</th></tr></thead>
  <tbody>
    <tr><td>Level 1</td><td>120 V AC household outlet</td><td>About 1.4 kW (12 A); up to 1.9 kW</td>
      <td>Roughly 3–5 miles per hour</td><td>Homes, some workplaces and long-stay parking garages</td></tr>
    <tr><td>Level 2</td><td>208–240 V AC</td><td>Commonly 6–11 kW; up to 19.2 kW (80 A)</td>
      <td>Roughly 20–40 miles per hour at common power levels</td>
      <td>Homes, workplaces, garages, shopping centers, hotels</td></tr>
    <tr><td>DC fast</td><td>High-voltage DC from the station</td><td>50–350 kW</td>
      <td>Often 10–80% in about 20–45 minutes on recent models</td>
      <td>Highway corridors, retail sites, fleet hubs</td></tr>
  </tbody>
</table>
<p>On Level 2, the car’s onboard charger sets the ceiling. Many vehicles accept 7 to 11.5 kW on AC, so a car
with a 7.2 kW onboard charger still charges at 7.2 kW on a 19.2 kW station. That is normal, not a fault.</p>

<h2>Why the car decides how fast it charges</h2>
<p>A DC fast charger’s rating is a maximum, not a promise. The vehicle’s battery management system asks for as much
power as the battery can safely take, and that depends on several things:</p>
<ul>
  <li><b>State of charge.</b> Power is highest when the battery is low and tapers as it fills, usually sharply
  above about 80 percent. Stopping at 80 percent and moving on is often quicker than waiting for 100.</li>
  <li><b>Battery temperature.</b> A cold battery accepts much less power. Many cars can precondition, warming the
  pack on the way when a fast charger is set as the navigation destination.</li>
  <li><b>Vehicle design.</b> Every model has its own peak power and charging curve; 800-volt cars can
  usually sustain more power than 400-volt designs.</li>
  <li><b>Shared cabinets.</b> Some stations split one power cabinet between two stalls, so a neighbor plugging in
  can reduce your rate.</li>
</ul>
<div class="callout"><p><b>Rule of thumb:</b> for a car that peaks around 150 kW, a 150 kW and a 350 kW charger
deliver much the same session. Match the station to your car, not to the biggest number.</p></div>
`,
      `
<h2>The plugs you will meet</h2>
<p>North America has been moving from several connector standards toward one. Until recently, most non-Tesla
vehicles used J1772 for AC and CCS for DC, while Tesla used its own connector. In November 2022 Tesla opened its
design as the North American Charging Standard (NACS), and SAE International has since standardized it as SAE
J3400. Most automakers have announced vehicles with native NACS ports starting around the 2025 model year, with
adapters for many earlier cars.</p>
<table>
  <caption>Table 2. Connectors in use in North America</caption>
  <thead><tr><th>Connector</th><th>Charging</th><th>Who uses it</th></tr></thead>
  <tbody>
    <tr><td>SAE J1772 (Type 1)</td><td>AC, Level 1 and Level 2</td>
      <td>Almost all non-Tesla EVs sold to date; Tesla drivers can use it with a simple adapter</td></tr>
    <tr><td>CCS1 (Combined Charging System)</td><td>J1772 plus two DC pins; DC fast charging</td>
      <td>Most non-Tesla EVs sold to date; required at stations funded by the federal NEVI program</td></tr>
    <tr><td>NACS / SAE J3400</td><td>AC and DC through one compact plug</td>
      <td>Tesla vehicles and Superchargers; being adopted by most automakers and many network operators</td></tr>
    <tr><td>CHAdeMO</td><td>DC fast charging</td>
      <td>Older Nissan Leaf and a few other models; few new stations are being built</td></tr>
  </tbody>
</table>
<p>During the transition, expect many stations to carry both CCS and NACS cables, and expect some cars to need an
adapter at some stations. Use only adapters approved by your vehicle’s manufacturer for DC fast charging.</p>

<h2>Reliability is the new range anxiety</h2>
<p>Drivers’ biggest complaint about public charging is no longer range; it is arriving to find a broken or
occupied charger. The federal National Electric Vehicle Infrastructure (NEVI) program set minimum standards
for the fast-charging stations it funds, and they are a useful yardstick for any station:</p>
<ul>
  <li>At least four CCS ports, each able to deliver 150 kW at the same time.</li>
  <li>An average annual uptime of at least 97 percent for each port.</li>
  <li>Payment by contactless credit or debit card, with no membership required.</li>
  <li>Prices shown in dollars per kilowatt-hour before the session starts, and access 24 hours a day.</li>
</ul>

<h2>Paying for a charge</h2>
<p>Most states now allow charging to be sold by the kilowatt-hour, which is the fairest measure because it
charges for the energy delivered. Some stations still bill by the minute, which penalizes slower-charging cars.
Many networks add idle fees when a car stays plugged in after it finishes, and “Plug and Charge” (based on the
ISO 15118 standard) lets supported cars start and pay automatically when plugged in.</p>

<h2>Tips for drivers</h2>
<ul>
  <li>Check live status in an app before you set off, and have a backup station in mind.</li>
  <li>Arrive with a low state of charge and leave at around 80 percent on busy days.</li>
  <li>Precondition the battery in cold weather, and move your car when the session ends.</li>
  <li>Report faults to the operator; reports are how broken chargers get noticed and fixed.</li>
</ul>
`,
    ],
  },
  "fleet-electrification-playbook": {
    subtitle: "A practical, step-by-step guide for municipal fleet managers and city leaders",
    published: "November 2024",
    aboutPartner:
      "The Cities for Clean Fleets Partnership helps local governments share what works in fleet " +
      "electrification, from first pilots to full transitions. This playbook is general guidance; consult your " +
      "utility, vendors and legal counsel for decisions about your own fleet.",
    pages: [
      `
<h2>Why cities are electrifying</h2>
<p>City fleets are well suited to electric vehicles. Most municipal vehicles drive predictable routes, return to
the same yard every night and stay in service for many years, which is exactly the pattern that makes overnight
depot charging cheap and reliable. Electric vehicles cost less to fuel and maintain, produce no tailpipe
emissions where residents breathe, and run quietly on early-morning routes.</p>
<p>The hard part is rarely the vehicles. It is planning the electricity supply, the chargers and the people, in
the right order. The seven steps below follow that order.</p>

<h2>Step 1. Know your fleet</h2>
<p>Start with data, not brochures. Pull a year of telematics, fuel-card and maintenance records and build a
profile of every vehicle: daily miles, the longest day in a typical month, hours parked at the depot, payload and
towing needs, and any equipment that draws power. Plan for cold weather, when range can fall noticeably because
of cabin heating and battery chemistry; many fleets keep a buffer of 20 to 30 percent on their longest routes.</p>

<h2>Step 2. Match vehicles to duties</h2>
<p>Not every vehicle is ready to switch on the same day. Rank vehicles by how easily an electric model covers
their duty and by when they are due for replacement, and electrify the easy matches first.</p>
<table>
  <caption>Table 1. Typical fit by vehicle type</caption>
  <thead><tr><th>Vehicle type</th><th>Typical duty</th><th>Charging approach</th><th>Readiness</th></tr></thead>
  <tbody>
    <tr><td>Pool cars and inspectors’ sedans</td><td>Well under 100 miles a day</td>
      <td>Level 2 overnight (7–11 kW)</td><td>Many models available; the easiest place to start</td></tr>
    <tr><td>Light-duty pickups and vans</td><td>50–150 miles a day; tools and cargo</td>
      <td>Level 2, with some DC fast for heavy users</td><td>Good and growing choice of models</td></tr>
    <tr><td>Transit buses</td><td>Long daily blocks on fixed routes</td>
      <td>Depot DC charging, sometimes on-route charging</td><td>Mature; in service at many agencies</td></tr>
    <tr><td>Refuse and street-maintenance trucks</td><td>Short, stop-and-go routes with heavy loads</td>
      <td>Depot DC charging</td><td>Proven in pilots; check payload and route length</td></tr>
    <tr><td>Patrol and emergency vehicles</td><td>Round-the-clock shifts, high idle time</td>
      <td>DC fast at stations plus Level 2</td><td>Pilot carefully with operational staff</td></tr>
  </tbody>
</table>

<h2>Step 3. Compare total cost of ownership</h2>
<p>Compare vehicles over their whole service life, not by sticker price: purchase price and incentives, electricity
versus fuel, maintenance (no oil changes, and regenerative braking reduces brake wear), chargers and installation,
utility upgrades, insurance and resale value. Incentive programs change often, so confirm current terms before
each purchase round.</p>
`,
      `
<h2>Step 4. Bring the utility in early</h2>
<p>Call your electric utility before you order a single vehicle. A depot that adds dozens of chargers may need a new
service, a larger transformer or upgrades further up the grid, and that work can take many months and sometimes
more than a year. Many utilities run “make-ready” programs that pay for some of the wiring on the utility side of
the charger. While trenches are open, install conduit and panel space for later phases: it costs far less now
than digging the yard up again.</p>

<h2>Step 5. Manage energy and demand charges</h2>
<p>Commercial electricity bills often include a demand charge based on the highest power drawn in a short
interval during the month. Charging every vehicle at full power the moment it returns creates an expensive peak
that the fleet does not need.</p>
<div class="callout"><p><b>Worked example:</b> twenty vans plugged into 7.2 kW chargers at once draw 144 kW. If each
needs about 30 kWh overnight, the fleet needs 600 kWh, which spread over an eight-hour window is an average of
75 kW, about half the unmanaged peak. Managed-charging software can hold the site near that level and shift
charging into the cheapest time-of-use hours.</p></div>

<h2>Step 6. Phase the rollout</h2>
<table>
  <caption>Table 2. A typical phased plan</caption>
  <thead><tr><th>Phase</th><th>Timing</th><th>Key actions</th></tr></thead>
  <tbody>
    <tr><td>Pilot</td><td>First 12 months</td>
      <td>Five to ten vehicles on easy duties; Level 2 at one depot; collect energy and uptime data</td></tr>
    <tr><td>Scale</td><td>Years 1–3</td>
      <td>Replace vehicles at end of life; build out depots with utility upgrades; add managed charging</td></tr>
    <tr><td>Transition</td><td>Year 3 onward</td>
      <td>Tackle heavy-duty and specialized vehicles; add DC capacity and backup power for resilience</td></tr>
  </tbody>
</table>

<h2>Step 7. Prepare the people</h2>
<p>Train drivers on range, regenerative braking and charging routines, and train technicians in high-voltage
safety before the first vehicle arrives. Brief fire and rescue services on the depot layout and on electric
vehicle incidents. Share early results openly: drivers who have used the vehicles are the most persuasive voices
for the next phase.</p>

<h2>Checklist before the first order</h2>
<ul>
  <li>Fleet data reviewed and candidate vehicles ranked by duty fit and replacement date.</li>
  <li>Utility engaged, site capacity known, and make-ready options explored.</li>
  <li>Charger locations, conduit for future phases and a managed-charging plan agreed.</li>
  <li>Budget covering vehicles, chargers, installation, software, training and maintenance.</li>
  <li>Plan for outages: which vehicles must keep running, and how they will be charged.</li>
</ul>
`,
    ],
  },
  "home-charging-safety-guide": {
    subtitle: "How to charge an electric vehicle at home safely, from the outlet to the everyday habits",
    published: "November 2024",
    aboutPartner:
      "The Safe Home Charging Council promotes safe installation and use of electric vehicle charging equipment " +
      "in homes. This guide is general information, not a substitute for a licensed electrician, your local " +
      "electrical code or your vehicle and charger manufacturers’ instructions.",
    pages: [
      `
<h2>Home charging is safe when it is done right</h2>
<p>Most electric vehicle charging happens at home, overnight, while the car would be parked anyway. A properly
installed home charger, with its many layers of built-in protection, is as safe as any other large household
appliance. Most problems come from a few causes: overloaded or worn circuits, loose connections, extension cords
and uncertified equipment. This guide explains how to avoid each.</p>

<h2>Level 1 and Level 2 at home</h2>
<p><b>Level 1</b> uses an ordinary 120-volt outlet and the portable cord that comes with many vehicles. It draws
about 12 amps, roughly 1.4 kW, and adds only a few miles of range per hour, which is enough for many drivers with
short commutes. Because it draws that current for many hours, the outlet must be in good condition, and ideally on
a circuit that serves nothing else.</p>
<p><b>Level 2</b> uses a 240-volt circuit like an electric dryer or range, typically delivering 7 to 11 kW and
adding roughly 20 to 40 miles of range per hour. Level 2 always needs a dedicated circuit sized for the charger.</p>

<h2>Hire a licensed electrician and get a permit</h2>
<p>Installing a 240-volt circuit is not a do-it-yourself job. A licensed electrician will check whether your panel
has capacity with a load calculation, recommend a panel upgrade or a load-management device if it does not,
install the circuit to the National Electrical Code (Article 625 covers EV charging) and local rules, and pull
the permit so the work is inspected. Inspection protects you, and insurers and home buyers may ask for it.</p>

<h2>Size the circuit for continuous use</h2>
<p>Electrical codes treat EV charging as a continuous load, so the circuit must be rated for at least 125 percent
of the charger’s current. In practice, a charger may use no more than 80 percent of its breaker rating.</p>
<table>
  <caption>Table 1. Common Level 2 settings at 240 volts</caption>
  <thead><tr><th>Charger current</th><th>Minimum circuit breaker</th><th>Power</th>
    <th>Approximate range added per hour</th><th>Connection</th></tr></thead>
  <tbody>
    <tr><td>16 A</td><td>20 A</td><td>3.8 kW</td><td>About 12 miles</td><td>Hardwired or plug-in</td></tr>
    <tr><td>24 A</td><td>30 A</td><td>5.8 kW</td><td>About 18 miles</td><td>Hardwired or plug-in</td></tr>
    <tr><td>32 A</td><td>40 A</td><td>7.7 kW</td><td>About 25 miles</td><td>Hardwired or plug-in</td></tr>
    <tr><td>40 A</td><td>50 A</td><td>9.6 kW</td><td>About 30 miles</td><td>Hardwired or NEMA 14-50 plug</td></tr>
    <tr><td>48 A</td><td>60 A</td><td>11.5 kW</td><td>About 36 miles</td><td>Hardwired only</td></tr>
  </tbody>
</table>
<p>Range figures assume about three miles per kilowatt-hour; larger vehicles travel less far on each kWh. Your car
can only use as much power as its onboard charger accepts, so a bigger circuit does not always mean faster
charging.</p>
`,
      `
<h2>Ground-fault protection</h2>
<p>Charging equipment includes its own ground-fault protection that cuts power if current leaks where it should
not. Recent editions of the National Electrical Code also require GFCI (ground-fault circuit interrupter)
protection for outlets installed for EV charging. Ask your electrician which type of GFCI suits your charger: in
a few cases a plug-in charger and a GFCI breaker can trip each other unnecessarily, and a hardwired installation
avoids the problem.</p>

<h2>Never use an extension cord</h2>
<p>Ordinary extension cords, power strips and plug adapters are not built to carry high current for many hours. They
heat up at their connections and can melt or start a fire, and vehicle and charger manufacturers warn against
them. If the charging cable does not reach, have an electrician install an outlet or a charger where you park.
Do not use an adapter to plug a 240-volt charger into a dryer or other outlet it was not designed for.</p>

<h2>Choose certified equipment</h2>
<p>Buy a charger listed by a Nationally Recognized Testing Laboratory, such as UL, Intertek (ETL) or CSA, and look
for the mark on the product itself. Cheap unbranded chargers and adapters sold online may skip the protections
that make charging safe.</p>

<h2>Plug-in chargers and outdoor installations</h2>
<ul>
  <li>If your Level 2 charger plugs into a NEMA 14-50 outlet, use a heavy-duty, industrial-grade receptacle
  installed with correctly tightened terminals. Loose connections are a leading cause of overheating.</li>
  <li>Outdoors, use a charger rated for outdoor use (NEMA 3R or NEMA 4 enclosures) and an in-use weatherproof cover
  on any outlet.</li>
  <li>Mount the charger off the ground, and route the cable so nobody trips over it and no car drives over it.</li>
</ul>

<h2>Warning signs: stop charging and call an electrician</h2>
<ul>
  <li>The plug, outlet or charger handle feels hot (warm is normal; too hot to hold is not).</li>
  <li>Discolored or melted plastic, a burning smell, crackling or buzzing.</li>
  <li>A breaker that trips repeatedly, or lights that dim when charging starts.</li>
  <li>A cut, crushed or frayed cable, or a damaged connector.</li>
</ul>

<h2>Everyday habits</h2>
<ul>
  <li>Hang the cable on its holster or hook after each use, and keep the connector clean and dry.</li>
  <li>Look over the cable and plug now and then for damage, and never modify or repair charging equipment yourself.</li>
  <li>After a flood or water damage, do not charge until the equipment has been inspected.</li>
  <li>Follow your vehicle and charger manufacturers’ instructions; they are written for your equipment.</li>
</ul>
`,
    ],
  },
};

function documentHtml(doc: PartnerDocument, content: DocumentContent): string {
  const pages = content.pages
    .map((page, index) => {
      const header =
        index === 0
          ? `<div class="masthead"><span>Partner document · <strong>${site.title}</strong></span>` +
            `<span>${content.published}</span></div>` +
            `<h1>${doc.title}</h1><p class="subtitle">${content.subtitle}</p>` +
            `<div class="byline">Published by <b>${doc.partner}</b> for readers of <b>${site.title}</b>, ` +
            `part of the ${site.network.name}.</div>`
          : "";
      const footer =
        index === content.pages.length - 1
          ? `<div class="about"><b>About ${doc.partner}.</b> ${content.aboutPartner}</div>`
          : "";
      return `<section class="page">${header}${page}${footer}</section>`;
    })
    .join("\n");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${doc.title}</title>` +
    `<style>${styles}</style></head><body>${pages}</body></html>`
  );
}

const footerTemplate =
  `<div style="width:100%;font-family:'Liberation Sans',Arial,sans-serif;font-size:7.5pt;color:#5a6072;` +
  `padding:0 0.75in;display:flex;justify-content:space-between;">` +
  `<span>Published by PARTNER for readers of ${site.title}</span>` +
  `<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;

function countPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

const outDir = fileURLToPath(new URL("../public/documents/", import.meta.url));
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage();
  for (const doc of partnerDocuments) {
    const content = contents[doc.id];
    if (!content) throw new Error(`No content written for partner document "${doc.id}"`);
    await page.setContent(documentHtml(doc, content), { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({
      format: "Letter",
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: footerTemplate.replace("PARTNER", doc.partner),
      tagged: true,
      outline: true,
    });
    const pages = countPages(pdf);
    if (pages !== expectedPages) {
      throw new Error(
        `${doc.id} printed as ${pages} pages; expected ${expectedPages}. Trim or rebalance it.`,
      );
    }
    if (pdf.length > maxBytes) throw new Error(`${doc.id} is ${pdf.length} bytes, over ${maxBytes}`);
    if (!doc.viewUrl.startsWith("/documents/") || doc.embedUrl !== doc.viewUrl) {
      throw new Error(`${doc.id}: embedUrl and viewUrl must both be the same /documents/<name>.pdf path`);
    }
    const file = fileURLToPath(new URL(`../public${doc.viewUrl}`, import.meta.url));
    writeFileSync(file, pdf);
    console.log(`Wrote ${doc.viewUrl} (${pages} pages, ${Math.round(statSync(file).size / 1024)} KB)`);
  }
} finally {
  await browser.close();
}
