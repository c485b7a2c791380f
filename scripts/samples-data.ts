/**
 * The sample headlines: our own writing, about invented places and people (Riverton and its county
 * are fictional), so nothing here can be mistaken for a real report. scripts/make-samples.ts turns
 * them into content/samples/<section>.xml. Each entry: title, summary, and optionally an image
 * (a file name in public/images/samples) and extra body paragraphs.
 */
import type { FeedSectionKey } from "#domain/sections.ts";

export type SampleStory = { title: string; summary: string; image?: string; body?: string[] };

export const SAMPLE_STORIES: Record<FeedSectionKey, SampleStory[]> = {
  local: [
    {
      title: "Riverton approves 40 curbside chargers for the Elm Street apartments",
      summary:
        "The council voted 7-2 to mount Level 2 chargers on existing lamp posts, aimed at renters who have no driveway.",
      image: "charger.svg",
      body: [
        "Installation starts in July. Drivers will pay the residential electricity rate plus a small session fee.",
        "Council member Dana Ruiz said renters had been left out of the switch to electric cars until now.",
      ],
    },
    {
      title: "Library adds e-bike lockers and a repair stand",
      summary:
        "Twelve charging lockers opened at the Main Street branch, with a free tool stand beside them.",
    },
    {
      title: "Route 9 bus goes fully electric from Monday",
      summary:
        "The last diesel buses on the busiest cross-town route retire this weekend after the depot finished its charger upgrade.",
      image: "bus.svg",
    },
    {
      title: "School district tests two electric buses on hilly routes",
      summary:
        "Drivers will log range and cabin heat through the winter before the board decides on a larger order.",
    },
    {
      title: "Farmers market moves to the riverside lot for the summer",
      summary:
        "Saturday stalls relocate while the square is repaved; the shuttle from the station runs every 15 minutes.",
    },
    {
      title: "Residents asked to weigh in on a car-free Sunday for Old Town",
      summary: "An online survey runs until the end of the month. Shop owners are split on the idea.",
    },
    {
      title: "Fire department takes delivery of its first electric engine",
      summary:
        "The pumper keeps a diesel range extender for long incidents but runs silently on battery on the way to calls.",
      image: "city.svg",
    },
    {
      title: "New crosswalk signals on Harbor Road after a year of complaints",
      summary: "Pedestrian countdown timers and a raised crossing go in near the primary school this week.",
    },
    {
      title: "County landfill gas plant to power 3,000 homes",
      summary:
        "Engines burning captured methane feed the grid from next spring, the utilities board confirmed.",
    },
    {
      title: "Volunteers plant 500 trees along the new bike path",
      summary:
        "The two-mile path linking the college and downtown opens in September with shade still growing in.",
    },
    {
      title: "Parking garage trades 60 spaces for a charging hub",
      summary:
        "The city-owned garage on Fourth Street will host eight fast chargers and a lounge on its ground floor.",
      image: "grid.svg",
    },
    {
      title: "Riverton's first solar carport switches on at the community center",
      summary: "Panels over 80 spaces cover the building's daytime power and shade parked cars.",
    },
    {
      title: "Power cut on the east side traced to a failed transformer",
      summary:
        "Crews restored electricity to 2,100 homes overnight. The utility says a replacement is on order.",
    },
    {
      title: "Taxi company converts its last petrol cars",
      summary:
        "Riverton Cabs now runs 48 electric vehicles and says fuel savings paid for the switch in three years.",
    },
    {
      title: "High school robotics team wins the state final",
      summary: "Their solar-charged rover beat 30 teams in the autonomous course on Saturday.",
    },
    {
      title: "Road closures for the half marathon this weekend",
      summary: "Parts of River Drive and the bridge close from 6 a.m. to noon on Sunday.",
    },
  ],
  national: [
    {
      title: "Electric cars pass one in five new sales for the first time",
      summary:
        "Registrations last quarter crossed the milestone as cheaper models arrived and charging networks spread along highways.",
      image: "car.svg",
      body: [
        "Analysts expect the share to keep rising as battery prices fall and used electric cars reach more buyers.",
      ],
    },
    {
      title: "Highway charging program reaches its 1,000th station",
      summary: "The federal scheme requires four fast chargers every 50 miles on designated corridors.",
    },
    {
      title: "Grid operators warn of a tight summer in the southwest",
      summary:
        "A hot forecast and delayed transmission lines leave little spare capacity in the evening peak.",
      image: "grid.svg",
    },
    {
      title: "Rail freight volumes hit a ten-year high",
      summary:
        "Shippers moved more containers by train as diesel prices rose and trucking capacity tightened.",
    },
    {
      title: "Weather service adds heat alerts to its phone app",
      summary: "The alerts give neighborhood-level warnings and advice on cooling centers.",
    },
    {
      title: "Survey: most drivers now charge at home overnight",
      summary:
        "Eight in ten electric car owners rarely use public fast chargers, according to a national poll.",
    },
    {
      title: "New rules require battery labels on e-bikes",
      summary: "Retailers must show the cell certification and capacity from January, after a rise in fires.",
    },
    {
      title: "Coast-to-coast electric truck run completes in six days",
      summary: "The demonstration used megawatt chargers at truck stops and a two-driver crew.",
      image: "truck.svg",
    },
    {
      title: "Airports test electric ground vehicles at six hubs",
      summary: "Baggage tractors and pushback tugs will run on batteries in a two-year trial.",
    },
    {
      title: "Public transit ridership recovers to pre-pandemic levels in 14 cities",
      summary: "Frequent bus networks and fare caps are credited for the return.",
    },
    {
      title: "Home solar installations slow as rebates expire",
      summary:
        "Installers report fewer new contracts but rising demand for batteries added to existing panels.",
    },
    {
      title: "Record number of students enroll in electrician apprenticeships",
      summary: "Unions say demand for chargers, heat pumps and grid upgrades is drawing younger workers.",
    },
    {
      title: "Severe storms knock out power to 400,000 customers",
      summary:
        "Utilities in three states are sharing crews; most homes should be reconnected within two days.",
    },
    {
      title: "Census data shows commute times shrinking",
      summary: "More remote work and new transit lines cut the average trip by four minutes in a decade.",
    },
    {
      title: "National parks add chargers at visitor centers",
      summary: "Twenty parks now offer Level 2 charging, with more planned near campgrounds.",
      image: "field.svg",
    },
    {
      title: "Recall issued for 12,000 home chargers over a wiring fault",
      summary: "Owners are asked to stop using affected units until a technician replaces a connector.",
    },
  ],
  world: [
    {
      title: "Northern grid link doubles power trading between neighbors",
      summary:
        "A new undersea cable lets wind-rich coasts export surplus power and import hydro when the wind drops.",
      image: "wind.svg",
    },
    {
      title: "Electric ferries take over a busy island crossing",
      summary: "Two battery ferries charge for ten minutes at each end of the 40-minute route.",
    },
    {
      title: "Capital city bans diesel delivery vans from its center",
      summary: "Couriers have a year to switch to electric vans or cargo bikes inside the ring road.",
    },
    {
      title: "Solar farms in the desert region break generation record",
      summary: "Output exceeded national demand at midday for the first time, exporting the surplus.",
      image: "solar.svg",
    },
    {
      title: "High-speed rail line opens between two coastal cities",
      summary: "The 300-kilometre line cuts the journey to 90 minutes and replaces a busy air route.",
      image: "train.svg",
    },
    {
      title: "Lithium refinery approved after a long environmental review",
      summary: "The plant must recycle its process water and publish emissions data monthly.",
    },
    {
      title: "Climate talks end with a deal on methane reporting",
      summary: "Delegates agreed common measurement rules but left financing for another round.",
    },
    {
      title: "Electric buses now a majority of the fleet in a southern megacity",
      summary: "The city's operator has retired 4,000 diesel buses in five years.",
      image: "bus.svg",
    },
    {
      title: "Heatwave strains power networks across the region",
      summary: "Several countries asked factories to shift hours to ease the evening peak.",
    },
    {
      title: "Battery swapping stations spread among scooter riders",
      summary: "Riders exchange packs in under a minute at kiosks in petrol stations and shops.",
    },
    {
      title: "Port completes shore power berths for cruise ships",
      summary: "Docked ships can shut down engines and plug into the grid, cutting harbor pollution.",
    },
    {
      title: "Drought cuts hydropower output to a 20-year low",
      summary: "Reservoirs are at a third of capacity; gas plants are filling the gap.",
    },
    {
      title: "Aid agencies deploy solar-powered water pumps after floods",
      summary: "The units restore clean water without fuel deliveries to cut-off villages.",
    },
    {
      title: "Mountain railway returns after a two-year rebuild",
      summary: "The rebuilt line uses regenerative braking to feed power back on the descent.",
    },
    {
      title: "Offshore wind auction draws record bids",
      summary: "Developers competed for six sites despite higher interest rates.",
    },
    {
      title: "Cross-border cycle route links three countries",
      summary: "The 700-kilometre route follows old railway lines along the river valley.",
    },
  ],
  politics: [
    {
      title: "State legislature passes a right-to-charge bill for renters",
      summary:
        "Landlords could no longer refuse tenants who pay to install a charger in an assigned parking space.",
      image: "charger.svg",
    },
    {
      title: "Governor signs a budget with money for school bus electrification",
      summary: "The plan covers 300 buses over three years, prioritizing districts with poor air quality.",
    },
    {
      title: "Senate committee debates a tax on heavy vehicles",
      summary: "Supporters say road wear rises steeply with weight; the trucking lobby opposes it.",
    },
    {
      title: "City council election turns on a bus lane plan",
      summary: "Candidates split over whether to give buses their own lane on the main avenue.",
    },
    {
      title: "Federal agency proposes stricter tailpipe rules",
      summary: "The draft would cut fleet-average emissions by half within a decade; comments are open.",
    },
    {
      title: "Opposition calls for an inquiry into grid connection delays",
      summary: "Hundreds of renewable projects are waiting years for a connection date.",
      image: "grid.svg",
    },
    {
      title: "Lawmakers agree on a plan to share road funding with transit",
      summary: "A fifth of fuel tax revenue would go to buses and rail under the compromise.",
    },
    {
      title: "County votes to electrify its vehicle fleet by 2030",
      summary: "Police cars are exempt for now; parks and maintenance trucks go first.",
    },
    {
      title: "Mayor unveils a plan for 20-minute neighborhoods",
      summary: "Zoning changes would allow corner shops and clinics in residential areas.",
    },
    {
      title: "Court upholds a low-emission zone after a challenge",
      summary: "Judges found the city consulted properly before introducing the daily charge.",
    },
    {
      title: "Bipartisan bill would fund battery recycling research",
      summary: "The measure sets aside grants for universities and start-ups working on recovery methods.",
    },
    {
      title: "Debate over solar panels on farmland reaches the assembly",
      summary: "Farm groups want limits on the best soils; developers warn of slower growth.",
      image: "solar.svg",
    },
    {
      title: "Transit union and city reach a deal to avoid a strike",
      summary: "The agreement includes training for drivers moving to electric buses.",
    },
    {
      title: "Public hearing set on a new transmission line route",
      summary: "Residents along the proposed corridor will be able to testify next month.",
    },
    {
      title: "Election officials test solar backup power at polling places",
      summary: "The kits keep voting machines running through an outage.",
    },
    {
      title: "Poll finds broad support for cleaner school buses",
      summary: "Seven in ten parents back replacing diesel buses, across party lines.",
    },
  ],
  business: [
    {
      title: "Battery maker breaks ground on a plant that will employ 2,000",
      summary: "The factory will supply cells to two carmakers and is due to start production in two years.",
      image: "battery.svg",
      body: ["The company says it chose the site for its rail links and a local community college program."],
    },
    {
      title: "Charging network reports its first profitable quarter",
      summary: "Higher use per station, not new locations, drove the result, the company said.",
    },
    {
      title: "Utility raises forecast for electricity demand",
      summary: "Data centers, heat pumps and electric vehicles push demand growth to its highest in decades.",
      image: "grid.svg",
    },
    {
      title: "Used electric car prices stabilize after a steep fall",
      summary: "Dealers say buyers are returning as battery health reports become standard.",
    },
    {
      title: "Delivery firm orders 5,000 electric vans",
      summary: "The order covers half its urban fleet and includes depot chargers.",
      image: "truck.svg",
    },
    {
      title: "Copper price rises on grid investment demand",
      summary: "Traders point to transmission projects and chargers as lasting sources of demand.",
    },
    {
      title: "Start-up raises funds for sodium-ion batteries",
      summary: "The cells use no lithium or cobalt and target home storage and small cars.",
    },
    {
      title: "Fleet leasing companies shift to electric by default",
      summary: "Major lessors now quote electric models first to corporate customers.",
    },
    {
      title: "Heat pump sales overtake gas boilers in the region",
      summary: "Installers credit rebates and high gas prices; waiting lists run to eight weeks.",
    },
    {
      title: "Small business lenders add loans for solar and storage",
      summary: "Shops and workshops can borrow against expected energy savings.",
    },
    {
      title: "Airline signs deal for electric short-hop aircraft",
      summary: "The nine-seat planes would fly island routes under 200 miles from 2028.",
    },
    {
      title: "Retailer installs chargers at 300 supermarkets",
      summary: "Shoppers can charge while they shop, paying through the store's app.",
      image: "charger.svg",
    },
    {
      title: "Insurance premiums for electric cars fall as repair data grows",
      summary: "Insurers say repair costs have become easier to predict.",
    },
    {
      title: "Steelmaker switches a furnace to electric arc",
      summary: "The change cuts emissions at the plant by two thirds, the company said.",
    },
    {
      title: "Ride-hailing drivers offered cheaper electric car rentals",
      summary: "A new program bundles charging credit with weekly rentals.",
    },
    {
      title: "Quarterly results: parts suppliers adapt to fewer engine orders",
      summary: "Suppliers are retooling lines to make thermal systems and power electronics.",
    },
  ],
  technology: [
    {
      title: "Solid-state battery cells pass a key durability test",
      summary:
        "Prototype cells kept 90% of their capacity after 1,000 charging cycles in independent lab tests.",
      image: "battery.svg",
      body: [
        "The developer still has to show it can make the cells at scale and at a competitive cost.",
        "Solid electrolytes promise faster charging and less fire risk than today's liquid ones.",
      ],
    },
    {
      title: "Software update adds plug-and-charge to older cars",
      summary: "Owners can start a session by plugging in, with billing handled automatically.",
    },
    {
      title: "Vehicle-to-home systems get simpler to install",
      summary: "A new bidirectional charger avoids a separate transfer switch in most homes.",
      image: "house.svg",
    },
    {
      title: "Open-source app maps broken chargers in real time",
      summary: "Drivers report faults and the app estimates which stations are working.",
    },
    {
      title: "Researchers recycle battery cathodes without melting them",
      summary: "A direct recycling method keeps the cathode structure intact, saving energy.",
    },
    {
      title: "Heat pump makers cut noise with new fan designs",
      summary: "The latest outdoor units are quieter than a typical refrigerator.",
    },
    {
      title: "Smart meters learn to shift charging to cheap hours",
      summary: "The feature moves charging to overnight tariffs without the driver doing anything.",
      image: "chart.svg",
    },
    {
      title: "Wireless charging pads tested for taxis at ranks",
      summary: "Cabs top up while waiting for passengers, without a cable.",
    },
    {
      title: "New chip cuts power losses in fast chargers",
      summary: "Silicon carbide switches reduce heat and let chargers shrink.",
    },
    {
      title: "Satellites track methane leaks from space",
      summary: "The data lets regulators find large leaks within days rather than years.",
    },
    {
      title: "Battery passports arrive for new electric cars",
      summary: "A scannable code records a pack's origin, chemistry and health.",
    },
    {
      title: "Weather models improve wind power forecasts",
      summary: "Grid operators can schedule reserves more precisely a day ahead.",
      image: "wind.svg",
    },
    {
      title: "E-bike motors get lighter with new magnet materials",
      summary: "The motors use fewer rare earths and weigh a fifth less.",
    },
    {
      title: "Robots speed up battery pack disassembly",
      summary: "Automated lines take apart packs in minutes for reuse and recycling.",
    },
    {
      title: "Home energy apps merge solar, battery and car data",
      summary: "A shared standard lets devices from different makers talk to each other.",
    },
    {
      title: "Researchers test seawater batteries for grid storage",
      summary: "The cheap cells could store wind power near coastal substations.",
    },
  ],
  automotive: [
    {
      title: "Affordable compact EV gets 300 miles of range",
      summary:
        "The hatchback's new pack and heat pump push real-world range past 300 miles at a price under the market average.",
      image: "car.svg",
      body: [
        "Fast charging from 10 to 80 percent takes 25 minutes on a 150 kW charger.",
        "Reviewers praised the quiet cabin but noted a firm ride on rough roads.",
      ],
    },
    {
      title: "Cold-weather range: what owners really see in winter",
      summary:
        "Preconditioning while plugged in and a heat pump make the biggest difference, our readers report.",
    },
    {
      title: "Electric pickup tows a camper 200 miles on one charge",
      summary: "The test used a mid-size trailer on mixed roads in mild weather.",
      image: "truck.svg",
    },
    {
      title: "Charging etiquette: the unwritten rules of the fast charger",
      summary: "Move on at 80 percent, don't block bays, and report faults, drivers agree.",
    },
    {
      title: "Battery health check: how to read a used EV's report",
      summary: "State of health, fast-charge counts and warranty terms matter more than mileage.",
      image: "battery.svg",
    },
    {
      title: "Minivan goes electric with seven seats and sliding doors",
      summary: "Families get a flat floor, a large front trunk and 260 miles of range.",
    },
    {
      title: "Home charger buying guide: what you actually need",
      summary: "Most drivers are fine with a 7 kW charger; check your panel before buying more.",
      image: "house.svg",
    },
    {
      title: "Electric motorcycles find riders among commuters",
      summary: "Low running costs and easy parking outweigh limited highway range for many.",
    },
    {
      title: "Long-term test: 40,000 miles in an electric estate",
      summary: "Tire wear and one cabin filter were the only costs in two years.",
    },
    {
      title: "Regenerative braking explained",
      summary: "Lifting off the pedal turns the motor into a generator and sends energy back to the battery.",
    },
    {
      title: "Solid tires and light frames: the new cargo bikes",
      summary: "Delivery riders are swapping vans for bikes that carry 150 kilograms.",
    },
    {
      title: "Fast-charging curves compared across six popular models",
      summary: "Peak power matters less than how long a car holds high power.",
      image: "chart.svg",
    },
    {
      title: "Hydrogen cars struggle as fueling stations close",
      summary: "Owners report long drives to the few stations that remain open.",
    },
    {
      title: "Electric van conversions keep older vehicles on the road",
      summary: "Workshops swap diesel engines for battery kits on popular van models.",
    },
    {
      title: "Tire makers design quieter, longer-lasting EV tires",
      summary: "Heavier cars and instant torque wear standard tires faster.",
    },
    {
      title: "Road trip diary: 1,200 miles in four days",
      summary: "Planning stops around meals made charging almost invisible, our writer found.",
    },
  ],
  realestate: [
    {
      title: "New apartments come with a charger in every parking space",
      summary: "Developers say charging has become a standard question from renters.",
      image: "house.svg",
    },
    {
      title: "Homes near new rail stations rise in value",
      summary: "Prices within a short walk of the line grew faster than the city average.",
      image: "train.svg",
    },
    {
      title: "Heat pump retrofits: what buyers should ask",
      summary: "Check insulation, radiator sizes and the installer's heat-loss report.",
    },
    {
      title: "Mortgage lenders offer better rates for efficient homes",
      summary: "Green mortgages discount rates for homes with top energy ratings.",
    },
    {
      title: "Office towers converted into apartments downtown",
      summary: "Three empty office buildings will become 600 homes.",
    },
    {
      title: "Rooftop solar becomes standard on new homes in the county",
      summary: "Building rules now require panels on most new single-family houses.",
      image: "solar.svg",
    },
    {
      title: "Rents ease as new supply reaches the market",
      summary: "A wave of completed buildings has given tenants more choice.",
    },
    {
      title: "Parking minimums scrapped near transit",
      summary: "Builders can decide how many spaces to provide within half a mile of stations.",
    },
    {
      title: "Condo boards grapple with shared charging",
      summary: "Boards are adopting billing systems so residents pay only for their own use.",
    },
    {
      title: "First-time buyers look to the suburbs along the new line",
      summary: "Commute times and prices draw young families to stations farther out.",
    },
    {
      title: "Energy ratings to be shown on every rental listing",
      summary: "Landlords must display the rating and estimated annual energy costs.",
    },
    {
      title: "Tiny-home village opens with shared solar and storage",
      summary: "Twenty homes share a battery that keeps lights on in outages.",
    },
    {
      title: "Historic district allows discreet solar panels",
      summary: "Panels are now permitted on roofs not visible from the street.",
    },
    {
      title: "Home insurance costs rise with storm risk",
      summary: "Owners in flood-prone areas face steeper increases this year.",
    },
    {
      title: "Co-housing project breaks ground on the old rail yard",
      summary: "Forty households will share gardens, a workshop and a car-share fleet.",
    },
    {
      title: "Inspectors see more electrical panel upgrades",
      summary: "Chargers and heat pumps push older homes to larger service.",
    },
  ],
  health: [
    {
      title: "Cleaner air near schools after diesel buses retire",
      summary:
        "Monitors outside three schools recorded less soot in the months after the district's electric buses arrived.",
      image: "bus.svg",
    },
    {
      title: "Heat safety: how to keep cool during the warm spell",
      summary: "Drink water, check on neighbors and use cooling centers during the hottest hours.",
    },
    {
      title: "Cycling to work linked to fewer sick days",
      summary: "A study of 10,000 workers found regular cyclists took a day less sick leave a year.",
    },
    {
      title: "Clinics add solar and batteries to protect vaccines",
      summary: "Backup power keeps refrigerators cold through outages.",
      image: "solar.svg",
    },
    {
      title: "Asthma visits fall in neighborhoods with low-emission zones",
      summary: "Doctors reported fewer emergency visits for children after the zone began.",
    },
    {
      title: "Quieter streets, better sleep: the case for traffic calming",
      summary: "Researchers link lower night-time noise to fewer sleep disruptions.",
    },
    {
      title: "Seasonal allergies arrive early this year",
      summary: "Warmer spring weather has brought pollen counts up weeks ahead of normal.",
    },
    {
      title: "Gas stoves and indoor air: what the studies say",
      summary: "Ventilation helps; induction cooktops remove combustion from the kitchen.",
    },
    {
      title: "Walking groups help older adults stay active",
      summary: "The county's free walking program now runs in 30 parks.",
    },
    {
      title: "Hospital cuts energy use with heat recovery",
      summary: "Waste heat from equipment now warms water for the wards.",
    },
    {
      title: "Sun safety: doctors urge shade and sunscreen",
      summary: "Skin cancer rates are rising; reapply sunscreen every two hours.",
    },
    {
      title: "Mental health benefits of green space confirmed in study",
      summary: "Residents near parks reported lower stress levels.",
    },
    {
      title: "E-bike injuries: helmets and training reduce harm",
      summary: "Emergency doctors back safety courses for new riders.",
    },
    {
      title: "Wildfire smoke: when to wear a mask",
      summary: "N95 masks help on smoky days; cloth masks do little.",
    },
    {
      title: "Free blood pressure checks at the farmers market",
      summary: "Nurses will be at the market every Saturday this month.",
    },
    {
      title: "Mobile clinic van goes electric",
      summary: "The van powers its equipment from its battery without idling an engine.",
    },
  ],
  sports: [
    {
      title: "River Hawks win in extra innings on a walk-off double",
      summary: "The home side came back from three runs down in the ninth to win 6-5.",
      image: "stadium.svg",
    },
    {
      title: "Local tennis academy star reaches the junior final",
      summary: "The 16-year-old has not dropped a set all tournament.",
    },
    {
      title: "Golf club installs solar-powered carts",
      summary: "Panels on the cart roofs extend range and cut charging costs.",
    },
    {
      title: "Hockey team's late goal sends the series to a decider",
      summary: "A power-play goal with 40 seconds left forced game seven.",
    },
    {
      title: "Soccer club unveils a stadium with a solar roof",
      summary: "The roof covers most of the ground's match-day power needs.",
      image: "solar.svg",
    },
    {
      title: "Marathon organizers switch to electric lead vehicles",
      summary: "Runners will no longer breathe exhaust from the pace cars.",
    },
    {
      title: "Baseball: rookie pitcher strikes out 12 in his debut",
      summary: "The left-hander allowed two hits over seven innings.",
    },
    {
      title: "Tennis: doubles pair qualify for the season finals",
      summary: "The pair secured their place with a semi-final win on Saturday.",
    },
    {
      title: "Golf: amateur leads after the first round",
      summary: "The college player shot a five-under 67 in calm conditions.",
    },
    {
      title: "Hockey: goalie named player of the month",
      summary: "He stopped 95 percent of shots across 11 games.",
    },
    {
      title: "Soccer: women's team extends unbeaten run to 15",
      summary: "A second-half header sealed a 2-1 win away from home.",
      image: "stadium.svg",
    },
    {
      title: "Cycling race to finish on the new riverside path",
      summary: "The criterium returns to downtown after a four-year break.",
    },
    {
      title: "Fans urged to take the train to the cup final",
      summary: "Extra services will run before and after the match.",
      image: "train.svg",
    },
    {
      title: "Youth league adds girls' teams in every age group",
      summary: "Registrations rose by a third after a free summer camp.",
    },
    {
      title: "Arena switches to electric ice resurfacers",
      summary: "The machines cut indoor air pollution at the rink.",
    },
    {
      title: "Swimming: county pool reopens after heat pump upgrade",
      summary: "The pool's heating bills should halve, the parks department says.",
    },
  ],
  arts: [
    {
      title: "Museum opens an exhibition on a century of electric streetcars",
      summary: "Posters, tickets and a restored car tell the story of the city's first trams.",
      image: "archive.svg",
    },
    {
      title: "Outdoor film nights return to the riverside park",
      summary: "Screenings run every Friday in July, powered by a solar trailer.",
    },
    {
      title: "Orchestra's summer season features new climate-themed works",
      summary: "Three commissions explore weather, water and wind.",
    },
    {
      title: "Mural festival brightens underpasses on the bike route",
      summary: "Twelve artists painted walls along the new path.",
      image: "city.svg",
    },
    {
      title: "Theater stages a comedy about a family's first electric car",
      summary: "The play follows a road trip that goes wonderfully wrong.",
    },
    {
      title: "Photography prize goes to a series on disappearing glaciers",
      summary: "The winning images were taken over ten years at the same spot.",
    },
    {
      title: "Library hosts a reading series on transport and cities",
      summary: "Authors discuss streets, buses and how towns are built.",
    },
    {
      title: "Jazz club installs heat pumps and stays open in winter",
      summary: "The club had closed each January to save on heating.",
    },
    {
      title: "Art school recycles old batteries into sculpture",
      summary: "Students worked with a recycler to make safe, drained casings into art.",
    },
    {
      title: "Book review: a history of the grid",
      summary: "An engaging account of how wires reached every home.",
    },
    {
      title: "Dance company tours by train to cut its footprint",
      summary: "Sets were redesigned to fit standard luggage vans.",
      image: "train.svg",
    },
    {
      title: "Gallery lights switch to LED without changing the mood",
      summary: "Curators worked with designers to match the warm old light.",
    },
    {
      title: "Choir festival draws 40 groups to the cathedral",
      summary: "Performances run all weekend and are free to attend.",
    },
    {
      title: "Design week showcases electric boats",
      summary: "Quiet river boats drew crowds on the harbor.",
    },
    {
      title: "Poetry competition theme announced: 'Currents'",
      summary: "Entries close at the end of next month.",
    },
    {
      title: "Restored cinema reopens with a solar roof",
      summary: "The 1930s cinema has new seats, a new screen and panels on top.",
    },
  ],
  food: [
    {
      title: "Restaurants swap gas ranges for induction",
      summary: "Chefs say cooler kitchens and faster boiling won them over.",
      image: "plate.svg",
    },
    {
      title: "Farm-to-table delivery goes electric",
      summary: "A growers' cooperative now delivers with two electric vans.",
    },
    {
      title: "Recipe: summer vegetable tart",
      summary: "Courgettes, tomatoes and herbs on puff pastry, ready in 40 minutes.",
      body: ["Bake at 200°C until golden. Serve warm with a green salad."],
    },
    {
      title: "Food trucks plug in at the new market hall",
      summary: "Vendors use grid hookups instead of noisy generators.",
    },
    {
      title: "Bakery's solar panels cover its ovens by midday",
      summary: "The owner timed baking to match the sun.",
      image: "solar.svg",
    },
    {
      title: "Five cheap weeknight dinners",
      summary: "Beans, eggs and seasonal vegetables in meals under 30 minutes.",
    },
    {
      title: "Community fridge opens at the library",
      summary: "Anyone can leave or take fresh food, cutting waste.",
    },
    {
      title: "Coffee roaster switches to an electric roaster",
      summary: "The roaster says flavor is unchanged and smoke is gone.",
    },
    {
      title: "Recipe: lentil soup for cold evenings",
      summary: "Red lentils, carrots and cumin in one pot.",
    },
    {
      title: "Urban farm grows greens in a former parking garage",
      summary: "LED-lit shelves produce salad for 20 restaurants.",
      image: "field.svg",
    },
    {
      title: "Guide to the region's best dumplings",
      summary: "Our critic tried 14 spots; here are the favorites.",
    },
    {
      title: "Cargo bikes deliver lunches downtown",
      summary: "A delivery co-op promises hot food in 20 minutes.",
    },
    {
      title: "Restaurant waste turned into biogas",
      summary: "Food scraps feed a digester that powers buses.",
    },
    {
      title: "Recipe: strawberry shortcake",
      summary: "A classic with local berries and whipped cream.",
    },
    {
      title: "Farmers market adds a night market in August",
      summary: "Street food and music on Thursday evenings.",
      image: "plate.svg",
    },
    {
      title: "Heat pumps chill the brewery",
      summary: "The brewery heats and cools its tanks with one system.",
    },
  ],
  lifestyle: [
    {
      title: "Living car-free: families share how they do it",
      summary: "Cargo bikes, car-share and good buses make it work for three households.",
      image: "bike.svg",
    },
    {
      title: "The capsule wardrobe for cyclists",
      summary: "Clothes that ride well and look right at the office.",
    },
    {
      title: "How to plan an electric road trip",
      summary: "Pick chargers near meals, start full and keep a backup plan.",
      image: "car.svg",
    },
    {
      title: "Repair cafés are back in fashion",
      summary: "Volunteers fix toasters, bikes and clothes for free.",
    },
    {
      title: "Weekend getaways by train",
      summary: "Five towns within two hours by rail, no car needed.",
      image: "train.svg",
    },
    {
      title: "Secondhand style: vintage shops thrive",
      summary: "Young shoppers favor resale for price and sustainability.",
    },
    {
      title: "Cutting home energy bills without big projects",
      summary: "Draft-proofing, smart thermostats and LED bulbs add up.",
    },
    {
      title: "E-bike commuting: a beginner's guide",
      summary: "Choose a route, fit lights and lock well.",
    },
    {
      title: "Gardening for heatwaves",
      summary: "Mulch, drought-tolerant plants and early watering help.",
      image: "field.svg",
    },
    {
      title: "The return of the picnic",
      summary: "Reusable boxes and local food make it easy.",
    },
    {
      title: "Running clubs become the new social scene",
      summary: "Weekly runs end at cafés rather than bars.",
    },
    {
      title: "Home offices lit by daylight",
      summary: "Position desks near windows and save on lighting.",
    },
    {
      title: "Pets and electric cars: travel tips",
      summary: "Dog mode keeps the cabin cool while you charge.",
    },
    {
      title: "Sleeper trains return on popular routes",
      summary: "Overnight services attract travelers avoiding short flights.",
    },
    {
      title: "A weekend without screens",
      summary: "Readers share how they unplugged for two days.",
    },
    {
      title: "Upcycled furniture: before and after",
      summary: "Old dressers get new life with paint and patience.",
    },
  ],
  opinion: [
    {
      title: "Renters deserve a plug too",
      summary:
        "The switch to electric cars will stall unless apartment dwellers can charge where they live. Cities should act.",
      image: "charger.svg",
      body: [
        "Home charging is the cheapest and most convenient way to run an electric car, yet half of households have no driveway.",
        "Curbside chargers, right-to-charge laws and shared building chargers are all proven. What is missing is urgency.",
      ],
    },
    {
      title: "Buses, not bigger roads",
      summary:
        "Widening the highway will fill it again. A frequent bus network would move more people for less.",
    },
    {
      title: "Let's talk honestly about range anxiety",
      summary:
        "Most trips are short. The fear is real, but the fix is reliable chargers, not bigger batteries.",
    },
    {
      title: "The grid is the climate policy",
      summary: "Without new lines, new wind and solar farms sit waiting. Permitting reform cannot wait.",
      image: "grid.svg",
    },
    {
      title: "In praise of the humble e-bike",
      summary: "It is the cheapest electric vehicle and the one most people can afford today.",
    },
    {
      title: "Broken chargers are a scandal",
      summary: "Operators should publish uptime and lose subsidies when stations fail.",
    },
    {
      title: "Our streets are for people",
      summary: "Slower speeds and safe crossings make towns better for everyone, drivers included.",
    },
    {
      title: "Don't forget the used-car buyer",
      summary: "Most families buy used. Incentives should follow them.",
    },
    {
      title: "Why I sold my second car",
      summary: "A year with one car, a bike and a bus pass saved us money and stress.",
    },
    {
      title: "Heat pumps need installers, not slogans",
      summary: "Training programs are the bottleneck, and they are cheap to fix.",
    },
    {
      title: "The quiet revolution of the electric bus",
      summary: "Riders and neighbors notice the silence first. The savings come later.",
      image: "bus.svg",
    },
    {
      title: "Mining for batteries must be done right",
      summary: "Recycling and strong standards matter as demand grows.",
    },
    {
      title: "Parking is not free",
      summary: "Every free space is paid for by someone. Price it fairly.",
    },
    {
      title: "Trains over planes for short trips",
      summary: "Fast rail can replace most flights under 500 kilometers.",
    },
    {
      title: "A plea for patience at the charger",
      summary: "Shared infrastructure works when we share it well.",
    },
    {
      title: "The case for small cars",
      summary: "Bigger vehicles need bigger batteries and more road. Smaller is smarter.",
    },
  ],
  archives: [
    {
      title: "From the archives: the city's first electric streetcar, 1891",
      summary: "Crowds lined Main Street to watch the trolley's first run, our paper reported at the time.",
      image: "archive.svg",
    },
    {
      title: "1900: electric taxis outnumber petrol cabs downtown",
      summary: "Battery cabs were quiet and clean; swapping stations kept them running.",
    },
    {
      title: "1912: the electric starter ends the hand crank",
      summary: "A battery-powered starter made petrol cars easier to use and sealed the fate of early EVs.",
    },
    {
      title: "1935: the last tram leaves the depot",
      summary: "Buses replaced the streetcars, a choice the city would revisit decades later.",
      image: "train.svg",
    },
    {
      title: "1955: the new highway opens to fanfare",
      summary: "Officials promised it would end traffic jams for good.",
    },
    {
      title: "1973: fuel shortages bring car-free Sundays",
      summary: "Empty roads filled with cyclists and skaters during the oil crisis.",
      image: "bike.svg",
    },
    {
      title: "1979: solar panels on the city library, a first",
      summary: "The experimental array heated water for the building.",
    },
    {
      title: "1990: a clean-air law puts electric cars back on the agenda",
      summary: "Carmakers built prototypes to meet new rules.",
    },
    {
      title: "1996: an electric coupe goes on lease",
      summary: "Drivers loved it; the program ended after a few years.",
      image: "car.svg",
    },
    {
      title: "2003: the first hybrid taxis arrive",
      summary: "Drivers reported halving their fuel bills.",
    },
    {
      title: "2008: the bike-share experiment begins",
      summary: "Two hundred bikes at 20 stations started what is now a citywide network.",
    },
    {
      title: "2010: the first public charger opens downtown",
      summary: "It sat unused for weeks, then became one of the busiest in the state.",
    },
    {
      title: "2014: the river path connects two neighborhoods",
      summary: "The path replaced an old rail spur.",
    },
    {
      title: "2017: the electric bus trial",
      summary: "Two buses ran for a year; the city then ordered 50.",
    },
    {
      title: "2020: empty streets, clear skies",
      summary: "Air quality improved sharply during lockdowns.",
    },
    {
      title: "How the paper covered the arrival of electric light",
      summary: "Editorials worried about fire; readers wrote in with wonder.",
    },
  ],
};
