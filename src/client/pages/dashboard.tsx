import { Suspense, useState, type ReactNode } from "react";
import { CreditCard, FileText, FolderKanban, Globe, Globe2, LifeBuoy, Users } from "lucide-react";
import {
  clientLinks,
  dashboardTabs,
  parseDashboardView,
  type DashboardTab,
} from "@shared/deep-links";
import type { AuthUser } from "@shared/schemas/auth";
import { seesBilling } from "@shared/member-roles";
import type { Membership } from "@shared/schemas/team";
import { PageLoading } from "@/components/page-loading";
import { LoadingCards } from "@/components/view-states";
import { Seo } from "@/components/seo";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useRedirectWhenSignedOut, useSignOutOn401 } from "@/features/auth/use-signed-out";
import { DashboardHeader } from "@/features/dashboard/dashboard-header";
import { useDashboardView } from "@/features/dashboard/dashboard-view";
import { DashboardHours } from "@/features/hours/dashboard-hours";
import { NoticeBell } from "@/features/notices/notice-bell";
import { useProjects } from "@/features/projects/api";
import { YourProjectCard } from "@/features/projects/your-project-card";
import type { TicketDraft } from "@/features/tickets/new-ticket-form";
import { useMembership } from "@/features/team/api";
import { StatCards } from "@/features/websites/stat-cards";
import { useAuth } from "@/lib/auth";
import { preloadable, PrefetchWhenSettled } from "@/lib/preloadable";
import { withQueryClient } from "@/lib/query-client";

const tabLabels: Record<DashboardTab, { label: string; icon: typeof Globe; loading: string }> = {
  websites: { label: "My Websites", icon: Globe, loading: "your websites" },
  domains: { label: "Domains", icon: Globe2, loading: "your domains" },
  billing: { label: "Billing", icon: CreditCard, loading: "your billing" },
  support: { label: "Support", icon: LifeBuoy, loading: "your tickets" },
  projects: { label: "Projects", icon: FolderKanban, loading: "your projects" },
  reports: { label: "Reports", icon: FileText, loading: "your reports" },
  team: { label: "Team", icon: Users, loading: "your team" },
};

/*
 * Each tab's code is its own chunk, so the first load holds only the header, the figures and
 * the tab shown. The others are fetched once the page has settled (or on hover), so switching
 * tabs stays instant.
 */
const tabParts = {
  websites: preloadable(() =>
    import("@/features/websites/websites-tab").then((m) => m.WebsitesTab),
  ),
  domains: preloadable(() => import("@/features/domains/domains-tab").then((m) => m.DomainsTab)),
  billing: preloadable(() => import("@/features/billing/billing-tab").then((m) => m.BillingTab)),
  support: preloadable(() => import("@/features/tickets/support-tab").then((m) => m.SupportTab)),
  projects: preloadable(() =>
    Promise.all([
      import("@/features/projects/projects-tab"),
      import("@/features/proposals/client-proposals"),
    ]).then(([{ ProjectsTab }, { ClientProposals }]) => {
      return function ProjectsWithProposals(props: Parameters<typeof ClientProposals>[0]) {
        return <ProjectsTab before={<ClientProposals {...props} />} />;
      };
    }),
  ),
  reports: preloadable(() => import("@/features/reports/reports-tab").then((m) => m.ReportsTab)),
  team: preloadable(() =>
    Promise.all([
      import("@/features/team/team-tab"),
      import("@/features/status-pages/settings-panel"),
    ]).then(([{ TeamTab }, { StatusPagePanel }]) => {
      // Owners' tab: their team, then their company's public status page.
      return function TeamAndStatusPage(props: Parameters<typeof TeamTab>[0]) {
        return (
          <>
            <TeamTab {...props} />
            <div className="mt-8">
              <StatusPagePanel />
            </div>
          </>
        );
      };
    }),
  ),
};

// The tab the address asks for is fetched as soon as this page's code runs, alongside the
// question of who is signed in, rather than after its answer.
if (typeof window !== "undefined") {
  tabParts[parseDashboardView(window.location.search).tab].preload();
}

/** Where a tab's code is on its way: its heading's and cards' shapes, so nothing moves after. */
function TabLoading({ tab }: { tab: DashboardTab }) {
  return (
    <div data-loading="">
      <div aria-hidden="true" className="mb-6">
        <div className="h-8 w-48 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
        <div className="mt-1 h-5 w-72 max-w-full animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
      </div>
      <LoadingCards label={`Loading ${tabLabels[tab].loading}...`} />
    </div>
  );
}

/** The tab list's and the tab's places until the member's role and projects are known. */
function ArrangementLoading({ tab }: { tab: DashboardTab }) {
  return (
    <div className="mt-10 sm:mt-12">
      <div
        aria-hidden="true"
        className="h-12 w-full animate-pulse rounded-2xl bg-muted motion-reduce:animate-none sm:w-[40rem] sm:max-w-full sm:rounded-full"
      />
      <div className="mt-8">
        <TabLoading tab={tab} />
      </div>
    </div>
  );
}

/** One tab's panel: its part once its code is here, then the other tabs' code in the background. */
function TabPanel({
  tab,
  prefetch,
  children,
}: {
  tab: DashboardTab;
  prefetch: () => void;
  children: ReactNode;
}) {
  return (
    <TabsContent value={tab} className="mt-8">
      <Suspense fallback={<TabLoading tab={tab} />}>
        {children}
        <PrefetchWhenSettled prefetch={prefetch} />
      </Suspense>
    </TabsContent>
  );
}

/**
 * The tabs a member sees: billing for owners and billing members, the team for owners (the
 * server refuses the rest anyway). Until the membership is known, neither shows.
 */
function tabsFor(membership: Membership | null | undefined): DashboardTab[] {
  return dashboardTabs.filter((tab) => {
    if (tab === "billing") return membership ? seesBilling(membership.role) : false;
    if (tab === "team") return membership?.role === "owner";
    return true;
  });
}

function Dashboard({ user }: { user: AuthUser }) {
  const [view, go] = useDashboardView();
  const { data: membership, isPending: membershipPending } = useMembership();
  // The tabs (which depend on the role) and a build in progress (shown above them) take their
  // places together, once both are known, so neither pushes the other down after it is drawn.
  const { isPending: projectsPending } = useProjects();
  const arranged = !membershipPending && !projectsPending;
  const tabs = tabsFor(membership);
  // A tab this member may not see (say, from an old link) shows the websites instead.
  const tab = tabs.includes(view.tab) || membershipPending ? view.tab : "websites";
  // What a Manage or Request button fills in; the key gives each request a fresh form.
  const [draft, setDraft] = useState<{ key: number; value: TicketDraft | null }>({
    key: 0,
    value: null,
  });

  const openTicketForm = (value: TicketDraft | null) => {
    setDraft((current) => ({ key: current.key + 1, value }));
    go({ newTicket: true });
  };
  const prefetchTabs = () => {
    tabs.forEach((tab) => tabParts[tab].preload());
    // Manage and Request open the New Ticket form from other tabs: its code comes too.
    void import("@/features/tickets/support-tab").then((m) => m.preloadTicketForms());
  };

  return (
    <>
      <DashboardHeader user={user} bell={<NoticeBell />} />
      <div className="container-page relative -mt-16 pb-20 sm:-mt-20 sm:pb-28">
        <StatCards />
        {!arranged && <ArrangementLoading tab={view.tab} />}
        {/* A build in progress comes first, above the tabs. */}
        {arranged && <YourProjectCard onView={() => go({ tab: "projects" })} />}
        {arranged && (
          <div className="mt-6 sm:mt-8">
            <DashboardHours />
          </div>
        )}
        {arranged && (
          <Tabs
            value={tab}
            onValueChange={(tab) => go({ tab: tab as DashboardTab }, { replace: true })}
            className="mt-10 sm:mt-12"
          >
            <TabsList
              aria-label="Dashboard sections"
              className="grid w-full grid-cols-2 rounded-2xl sm:inline-flex sm:w-auto sm:rounded-full"
            >
              {tabs.map((tab) => {
                const { label, icon: Icon } = tabLabels[tab];
                return (
                  <TabsTrigger
                    key={tab}
                    value={tab}
                    className="rounded-xl sm:rounded-full sm:px-5"
                    onPointerEnter={tabParts[tab].preload}
                    onFocus={tabParts[tab].preload}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                  </TabsTrigger>
                );
              })}
            </TabsList>
            <TabPanel tab="websites" prefetch={prefetchTabs}>
              <tabParts.websites
                onManage={(domain, websiteId) =>
                  openTicketForm({ subject: `Change request for ${domain}`, websiteId })
                }
              />
            </TabPanel>
            <TabPanel tab="domains" prefetch={prefetchTabs}>
              <tabParts.domains
                onManage={(domain) => openTicketForm({ subject: `Domain request for ${domain}` })}
                onRequest={() => openTicketForm({ subject: "New domain request" })}
              />
            </TabPanel>
            {membership?.role === "owner" && (
              <TabPanel tab="team" prefetch={prefetchTabs}>
                <tabParts.team membership={membership} selfId={user.id} />
              </TabPanel>
            )}
            <TabPanel tab="billing" prefetch={prefetchTabs}>
              <tabParts.billing
                invoiceId={view.invoiceId}
                notice={view.billingNotice}
                invoiceHref={(invoiceId) => clientLinks.invoice(invoiceId)}
                onCloseInvoice={() => go({ tab: "billing" })}
                onDismissNotice={() =>
                  go({ tab: "billing", invoiceId: view.invoiceId }, { replace: true })
                }
              />
            </TabPanel>
            <TabPanel tab="projects" prefetch={prefetchTabs}>
              <tabParts.projects
                openId={view.proposalId}
                onOpen={(proposalId) => go({ proposalId })}
                onClose={() => go({ tab: "projects" })}
              />
            </TabPanel>
            <TabPanel tab="reports" prefetch={prefetchTabs}>
              <tabParts.reports isOwner={membership?.role === "owner"} />
            </TabPanel>
            <TabPanel tab="support" prefetch={prefetchTabs}>
              <tabParts.support
                draftKey={draft.key}
                newTicket={view.newTicket}
                ticketId={view.ticketId}
                draft={draft.value}
                onNew={() => openTicketForm(null)}
                onView={(ticketId) => go({ ticketId })}
                onList={(options) => go({ tab: "support" }, options)}
              />
            </TabPanel>
          </Tabs>
        )}
      </div>
    </>
  );
}

/** /dashboard: the signed-in client's websites, domains, billing, support tickets and projects. */
function DashboardPageContent() {
  const { user, isLoading } = useAuth();
  useSignOutOn401();
  useRedirectWhenSignedOut(!isLoading && !user);

  return (
    <>
      <Seo page="/dashboard" />
      {isLoading || !user ? <PageLoading /> : <Dashboard user={user} />}
    </>
  );
}

export const DashboardPage = withQueryClient(DashboardPageContent);
