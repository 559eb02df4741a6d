import type { ComponentType } from "react";
import { Eye, Gauge, Users } from "lucide-react";
import type { SharedPanels, SharedView } from "@shared/schemas/share-links";
import type { SharePanel } from "@shared/share-panels";
import { formatNumber } from "@shared/format";
import { VitalsPanel } from "@/components/vitals/vitals-panel";
import { DevicesSection, ReferrersSection, TopPagesSection } from "./audience-sections";
import { CampaignSections } from "./campaign-sections";
import { Section } from "./site-parts";
import { rangeText } from "./range-picker";
import { StatTiles } from "@/components/stat-tiles";
import { VisitorsSection } from "./visitors-section";

type PanelProps<P extends SharePanel> = { data: SharedPanels[P]; view: SharedView };

/**
 * How the shared view draws each panel: the site page's own components, given the panel's
 * data. `wide` panels take a row of their own; the others share one, side by side.
 */
export const panelViews: {
  [P in SharePanel]: { wide: boolean; View: ComponentType<PanelProps<P>> };
} = {
  visitors: {
    wide: true,
    View: function VisitorsPanel({ data, view }) {
      const range = rangeText(view.range);
      return (
        <div className="grid gap-5 sm:gap-6">
          <StatTiles
            wide
            items={[
              {
                icon: Users,
                label: "Visitors",
                value: formatNumber(data.visitors),
                note: `Unique, ${range}`,
              },
              {
                icon: Eye,
                label: "Page views",
                value: formatNumber(data.pageViews),
                note: `In ${range}`,
              },
            ]}
          />
          <VisitorsSection health={{ ...data, range: view.range, from: view.from, to: view.to }} />
        </div>
      );
    },
  },
  pages: { wide: false, View: ({ data }) => <TopPagesSection health={data} /> },
  sources: { wide: false, View: ({ data }) => <ReferrersSection health={data} /> },
  devices: { wide: false, View: ({ data }) => <DevicesSection health={data} /> },
  campaigns: { wide: true, View: ({ data }) => <CampaignSections health={data} /> },
  speed: {
    wide: true,
    View: ({ data }) => (
      <Section
        id="shared-speed-heading"
        title="Real-user speed (Core Web Vitals)"
        icon={Gauge}
        description="How fast the site is for its visitors, measured in their browsers, against Google's thresholds."
      >
        <VitalsPanel vitals={data} />
      </Section>
    ),
  },
};

/** One panel of a view, drawn from its data; nothing when the view holds none for it. */
export function SharedPanelView({ panel, view }: { panel: SharePanel; view: SharedView }) {
  const data = view.panels[panel];
  if (!data) return null;
  const { View } = panelViews[panel] as { View: ComponentType<PanelProps<typeof panel>> };
  return <View data={data} view={view} />;
}
