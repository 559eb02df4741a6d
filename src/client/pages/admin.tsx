import { Suspense, type FocusEvent, type PointerEvent } from "react";
import { Link, Route, Switch } from "wouter";
import { useDocumentTitle, ViewHeader } from "@/components/view-header";
import { LoadingState } from "@/components/view-states";
import { BackOfficeShell } from "@/components/layout/back-office-shell";
import { AdminGate } from "@/features/auth/admin-gate";
import { ClientPageLink } from "@/features/clients/client-page-link";
import type { ClientLink } from "@/features/tickets/ticket-detail";
import { NoticeBell } from "@/features/notices/notice-bell";
import { preloadable, PrefetchWhenSettled } from "@/lib/preloadable";
import { withQueryClient } from "@/lib/query-client";

/*
 * Each view's code is its own chunk: the first load holds the gate, the bar and the view asked
 * for. The other views are fetched once the page has settled, or when a section's link is
 * pointed at or focused, so moving around stays instant.
 */
const views = {
  leads: preloadable(() =>
    Promise.all([
      import("@/features/leads/leads-inbox"),
      import("@/features/bookings/staff-calls"),
    ]).then(([{ LeadsInbox }, { UpcomingCallsPanel }]) => {
      // The leads screen, then the Discovery Calls to come.
      return function LeadsWithCalls() {
        return (
          <>
            <LeadsInbox />
            <div className="mt-8">
              <UpcomingCallsPanel />
            </div>
          </>
        );
      };
    }),
  ),
  lead: preloadable(() =>
    Promise.all([
      import("@/features/leads/lead-detail"),
      import("@/features/proposals/proposals-panel"),
      import("@/features/bookings/staff-calls"),
    ]).then(([{ LeadDetailView }, { LeadProposalsPanel }, { LeadCallsPanel }]) => {
      return function LeadWithProposals(props: { kind: string; id: string }) {
        return <LeadDetailView {...props} proposals={LeadProposalsPanel} calls={LeadCallsPanel} />;
      };
    }),
  ),
  proposal: preloadable(() =>
    import("@/features/proposals/proposal-editor").then((m) => m.ProposalEditorView),
  ),
  pipeline: preloadable(() =>
    import("@/features/projects/pipeline-view").then((m) => m.PipelineView),
  ),
  clients: preloadable(() => import("@/features/clients/clients-list").then((m) => m.ClientsView)),
  client: preloadable(() =>
    Promise.all([
      import("@/features/clients/client-detail"),
      import("@/features/team/members-panel"),
      import("@/features/websites/websites-panel"),
      import("@/features/domains/domains-panel"),
      import("@/features/billing/billing-panel"),
      import("@/features/proposals/proposals-panel"),
      import("@/features/projects/projects-panel"),
      import("@/features/status-pages/settings-panel"),
      import("@/features/monitoring/maintenance-panel"),
      import("@/features/hours/hours-panel"),
    ]).then(
      ([
        { ClientDetailView },
        { MembersPanel },
        { WebsitesPanel },
        { DomainsPanel },
        { BillingPanel },
        { ClientProposalsPanel },
        { ProjectsPanel },
        { ClientStatusPagePanel },
        { MaintenancePanel },
        { HoursPanel },
      ]) => {
        // A client's page shows what they have; each part belongs to its own noun.
        const panels = {
          members: MembersPanel,
          websites: WebsitesPanel,
          domains: DomainsPanel,
          billing: BillingPanel,
          proposals: ClientProposalsPanel,
          projects: ProjectsPanel,
          statusPage: ClientStatusPagePanel,
          maintenance: MaintenancePanel,
          hours: HoursPanel,
        };
        return function ClientWithPanels({ id }: { id: string }) {
          return <ClientDetailView id={id} panels={panels} />;
        };
      },
    ),
  ),
  clientReports: preloadable(() =>
    import("@/features/reports/staff-reports").then((m) => m.StaffReportsView),
  ),
  invoices: preloadable(() =>
    import("@/features/billing/invoices-view").then((m) => m.InvoicesView),
  ),
  invoice: preloadable(() =>
    import("@/features/billing/staff-invoice").then((m) => m.StaffInvoiceView),
  ),
  tickets: preloadable(() => import("@/features/tickets/ticket-queue").then((m) => m.TicketQueue)),
  ticket: preloadable(() =>
    Promise.all([
      import("@/features/tickets/ticket-detail"),
      import("@/features/hours/ticket-time-panel"),
    ]).then(([{ TicketDetailView }, { TicketTimePanel }]) => {
      // The ticket, and the time staff log on it.
      return function TicketWithTime(props: { id: string; clientLink: ClientLink }) {
        return <TicketDetailView {...props} timePanel={TicketTimePanel} />;
      };
    }),
  ),
  monitoring: preloadable(() =>
    Promise.all([
      import("@/features/monitoring/monitoring-view"),
      import("@/features/status-pages/incidents-panel"),
    ]).then(([{ MonitoringView }, { IncidentUpdatesPanel }]) => {
      // The monitor's view, then staff's incident updates and manual incidents.
      return function MonitoringWithUpdates() {
        return (
          <>
            <MonitoringView />
            <IncidentUpdatesPanel />
          </>
        );
      };
    }),
  ),
  emails: preloadable(() => import("@/features/emails/emails-view").then((m) => m.EmailsView)),
  audit: preloadable(() => import("@/features/audit/audit-log").then((m) => m.AuditLog)),
  webhooks: preloadable(() =>
    import("@/features/webhooks/webhooks-view").then((m) => m.WebhooksView),
  ),
  apiTokens: preloadable(() =>
    import("@/features/api-tokens/api-tokens-view").then((m) => m.ApiTokensView),
  ),
};

/** Only staff who must still enrol a second factor see this. */
const StaffEnrolment = preloadable(() =>
  import("@/features/account/account-view").then((m) => m.StaffEnrolment),
);

const prefetchAll = () => Object.values(views).forEach((view) => view.preload());

type View = (typeof views)[keyof typeof views];

/** Each section's list and detail views, by the first segment after /admin. */
const sections: Record<string, [list?: View, detail?: View]> = {
  "": [views.leads],
  leads: [undefined, views.lead],
  proposals: [undefined, views.proposal],
  pipeline: [views.pipeline],
  clients: [views.clients, views.client],
  invoices: [views.invoices, views.invoice],
  tickets: [views.tickets, views.ticket],
  monitoring: [views.monitoring],
  emails: [views.emails],
  audit: [views.audit],
  webhooks: [views.webhooks],
  "api-tokens": [views.apiTokens],
};

/**
 * The view at a full back-office path: /admin/clients -> the list, /admin/clients/<id> -> one,
 * /admin/clients/<id>/reports -> its reports.
 */
function viewAt(path: string): View | undefined {
  const [admin, section = "", id, part] = path.split(/[?#]/)[0]!.split("/").filter(Boolean);
  if (admin !== "admin") return undefined;
  if (section === "clients" && part === "reports") return views.clientReports;
  const [list, detail] = sections[section] ?? [];
  return id ? detail : list;
}

// The view the address asks for is fetched as soon as this page's code runs, alongside the
// question of who is signed in, rather than after its answer.
if (typeof window !== "undefined") viewAt(window.location.pathname)?.preload();

/** A back-office link pointed at or focused: its view's code is fetched on approach. */
function prefetchLinkTarget(event: PointerEvent | FocusEvent) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  viewAt(link?.getAttribute("href") ?? "")?.preload();
}

/** A ticket names its client company; the clients noun links to its page. */
const clientLink = (companyId: string) => <ClientPageLink companyId={companyId} />;

function AdminNotFound() {
  useDocumentTitle("Not found");
  return (
    <ViewHeader
      title="Page not found"
      description={
        <>
          There is no back-office page at this address.{" "}
          <Link href="/" className="font-medium text-accent underline underline-offset-4">
            Go to the leads inbox
          </Link>
        </>
      }
    />
  );
}

/**
 * The back office at /admin, for staff only. Mounted as a nested route, so the paths below are
 * relative to /admin: /admin/leads/:kind/:id, /admin/clients/:id, /admin/invoices/:id, ... Its
 * frame (the bar with the sections, the bell and the account menu) is the back-office shell.
 */
function AdminPageContent() {
  return (
    <BackOfficeShell bell={<NoticeBell className="size-10 border-white/15" />}>
      <AdminGate
        enrol={
          <Suspense fallback={<LoadingState />}>
            <StaffEnrolment />
          </Suspense>
        }
      >
        {() => (
          <div onPointerOver={prefetchLinkTarget} onFocus={prefetchLinkTarget}>
            <div className="container-page py-6 sm:py-8">
              <Suspense fallback={<LoadingState />}>
                <Switch>
                  <Route path="/" component={views.leads} />
                  <Route path="/leads/:kind/:id">
                    {(params) => <views.lead kind={params.kind} id={params.id} />}
                  </Route>
                  <Route path="/proposals/:id">
                    {(params) => <views.proposal id={params.id} />}
                  </Route>
                  <Route path="/pipeline" component={views.pipeline} />
                  <Route path="/clients" component={views.clients} />
                  <Route path="/clients/:id/reports">
                    {(params) => <views.clientReports id={params.id} />}
                  </Route>
                  <Route path="/clients/:id">{(params) => <views.client id={params.id} />}</Route>
                  <Route path="/invoices" component={views.invoices} />
                  <Route path="/invoices/:id">{(params) => <views.invoice id={params.id} />}</Route>
                  <Route path="/tickets" component={views.tickets} />
                  <Route path="/tickets/:id">
                    {(params) => <views.ticket id={params.id} clientLink={clientLink} />}
                  </Route>
                  <Route path="/monitoring" component={views.monitoring} />
                  <Route path="/emails" component={views.emails} />
                  <Route path="/audit" component={views.audit} />
                  <Route path="/webhooks" component={views.webhooks} />
                  <Route path="/api-tokens" component={views.apiTokens} />
                  <Route component={AdminNotFound} />
                </Switch>
                <PrefetchWhenSettled prefetch={prefetchAll} />
              </Suspense>
            </div>
          </div>
        )}
      </AdminGate>
    </BackOfficeShell>
  );
}

export const AdminPage = withQueryClient(AdminPageContent);
