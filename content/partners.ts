/**
 * Documents published by our partners for The Electric Ledger's readers. The PDFs are served from our own
 * site (public/documents, regenerated with `node scripts/make-documents.ts`), so they work offline and need
 * no third-party embed origin.
 */
export type PartnerDocument = {
  id: string;
  title: string;
  description: string;
  partner: string;
  embedUrl: string;
  viewUrl: string;
};

export const partnerDocuments: PartnerDocument[] = [
  {
    id: "public-charging-network-report-2024",
    title: "Public Charging Network Report 2024",
    description:
      "How public charging works today: the three charging levels, the connectors drivers will meet, the move to the NACS (SAE J3400) plug, and what makes a station reliable.",
    partner: "Riverbend Regional Charging Alliance",
    embedUrl: "/documents/public-charging-network-report-2024.pdf",
    viewUrl: "/documents/public-charging-network-report-2024.pdf",
  },
  {
    id: "fleet-electrification-playbook",
    title: "Fleet Electrification Playbook for Cities",
    description:
      "A step-by-step guide for municipal fleet managers: studying duty cycles, choosing vehicles, planning depot charging with the utility, managing demand charges and phasing the rollout.",
    partner: "Cities for Clean Fleets Partnership",
    embedUrl: "/documents/fleet-electrification-playbook.pdf",
    viewUrl: "/documents/fleet-electrification-playbook.pdf",
  },
  {
    id: "home-charging-safety-guide",
    title: "Home Charging Safety Guide",
    description:
      "Practical advice for charging an electric vehicle at home safely: dedicated circuits, sizing the breaker, GFCI protection, certified equipment, and why extension cords are a bad idea.",
    partner: "Safe Home Charging Council",
    embedUrl: "/documents/home-charging-safety-guide.pdf",
    viewUrl: "/documents/home-charging-safety-guide.pdf",
  },
];
