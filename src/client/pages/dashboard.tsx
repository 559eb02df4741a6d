import { useState } from "react";
import { CreditCard, FolderKanban, Globe, Globe2, LifeBuoy, Users } from "lucide-react";
import type { AuthUser } from "@shared/schemas/auth";
import { seesBilling, type Membership } from "@shared/schemas/team";
import { PageLoading } from "@/components/page-loading";
import { Seo } from "@/components/seo";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useRedirectWhenSignedOut, useSignOutOn401 } from "@/features/auth/use-signed-out";
import { BillingTab } from "@/features/billing/billing-tab";
import { DashboardHeader } from "@/features/dashboard/dashboard-header";
import {
  dashboardHref,
  dashboardTabs,
  useDashboardView,
  type DashboardTab,
} from "@/features/dashboard/dashboard-view";
import { DomainsTab } from "@/features/domains/domains-tab";
import { NoticeBell } from "@/features/notices/notice-bell";
import { ProjectsTab } from "@/features/projects/projects-tab";
import { ClientProposals } from "@/features/proposals/client-proposals";
import { YourProjectCard } from "@/features/projects/your-project-card";
import type { TicketDraft } from "@/features/tickets/new-ticket-form";
import { useMembership } from "@/features/team/api";
import { TeamTab } from "@/features/team/team-tab";
import { SupportTab } from "@/features/tickets/support-tab";
import { StatCards } from "@/features/websites/stat-cards";
import { WebsitesTab } from "@/features/websites/websites-tab";
import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";

const tabLabels: Record<DashboardTab, { label: string; icon: typeof Globe }> = {
  websites: { label: "My Websites", icon: Globe },
  domains: { label: "Domains", icon: Globe2 },
  billing: { label: "Billing", icon: CreditCard },
  support: { label: "Support", icon: LifeBuoy },
  projects: { label: "Projects", icon: FolderKanban },
  team: { label: "Team", icon: Users },
};

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

  return (
    <>
      <DashboardHeader user={user} bell={<NoticeBell />} />
      <div className="container-page relative -mt-16 pb-20 sm:-mt-20 sm:pb-28">
        <StatCards />
        {/* A build in progress comes first, above the tabs. */}
        <YourProjectCard onView={() => go({ tab: "projects" })} />
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
                <TabsTrigger key={tab} value={tab} className="rounded-xl sm:rounded-full sm:px-5">
                  <Icon aria-hidden="true" />
                  {label}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="websites" className="mt-8">
            <WebsitesTab
              onManage={(domain, websiteId) =>
                openTicketForm({ subject: `Change request for ${domain}`, websiteId })
              }
            />
          </TabsContent>
          <TabsContent value="domains" className="mt-8">
            <DomainsTab
              onManage={(domain) => openTicketForm({ subject: `Domain request for ${domain}` })}
              onRequest={() => openTicketForm({ subject: "New domain request" })}
            />
          </TabsContent>
          {membership?.role === "owner" && (
            <TabsContent value="team" className="mt-8">
              <TeamTab membership={membership} selfId={user.id} />
            </TabsContent>
          )}
          <TabsContent value="billing" className="mt-8">
            <BillingTab
              invoiceId={view.invoiceId}
              notice={view.billingNotice}
              invoiceHref={(invoiceId) => dashboardHref({ invoiceId })}
              onCloseInvoice={() => go({ tab: "billing" })}
              onDismissNotice={() =>
                go({ tab: "billing", invoiceId: view.invoiceId }, { replace: true })
              }
            />
          </TabsContent>
          <TabsContent value="projects" className="mt-8">
            <ProjectsTab
              before={
                <ClientProposals
                  openId={view.proposalId}
                  onOpen={(proposalId) => go({ proposalId })}
                  onClose={() => go({ tab: "projects" })}
                />
              }
            />
          </TabsContent>
          <TabsContent value="support" className="mt-8">
            <SupportTab
              draftKey={draft.key}
              newTicket={view.newTicket}
              ticketId={view.ticketId}
              draft={draft.value}
              onNew={() => openTicketForm(null)}
              onView={(ticketId) => go({ ticketId })}
              onList={(options) => go({ tab: "support" }, options)}
            />
          </TabsContent>
        </Tabs>
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
