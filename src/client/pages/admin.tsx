import { Link, Route, Switch } from "wouter";
import { useDocumentTitle, ViewHeader } from "@/components/parts";
import { AuditLog } from "@/features/audit/audit-log";
import { StaffEnrolment } from "@/features/account/account-view";
import { AdminGate } from "@/features/auth/admin-gate";
import { AdminNav } from "@/features/back-office/admin-nav";
import { BillingPanel } from "@/features/billing/billing-panel";
import { InvoicesView } from "@/features/billing/invoices-view";
import { StaffInvoiceView } from "@/features/billing/staff-invoice";
import { ClientDetailView } from "@/features/clients/client-detail";
import { ClientPageLink } from "@/features/clients/client-page-link";
import { ClientsView } from "@/features/clients/clients-list";
import { DomainsPanel } from "@/features/domains/domains-panel";
import { EmailsView } from "@/features/emails/emails-view";
import { LeadDetailView } from "@/features/leads/lead-detail";
import { LeadsInbox } from "@/features/leads/leads-inbox";
import { MonitoringView } from "@/features/monitoring/monitoring-view";
import { NoticeBell } from "@/features/notices/notice-bell";
import { PipelineView } from "@/features/projects/pipeline-view";
import { ProposalEditorView } from "@/features/proposals/proposal-editor";
import { ClientProposalsPanel, LeadProposalsPanel } from "@/features/proposals/proposals-panel";
import { ProjectsPanel } from "@/features/projects/projects-panel";
import { MembersPanel } from "@/features/team/members-panel";
import { TicketDetailView } from "@/features/tickets/ticket-detail";
import { TicketQueue } from "@/features/tickets/ticket-queue";
import { WebsitesPanel } from "@/features/websites/websites-panel";
import { withQueryClient } from "@/lib/query-client";

/** A client's page shows what they have; each part belongs to its own noun. */
const clientPanels = {
  members: MembersPanel,
  websites: WebsitesPanel,
  domains: DomainsPanel,
  billing: BillingPanel,
  proposals: ClientProposalsPanel,
  projects: ProjectsPanel,
};

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
 * relative to /admin: /admin/leads/:kind/:id, /admin/clients/:id, /admin/invoices/:id, ...
 */
function AdminPageContent() {
  return (
    <AdminGate enrol={<StaffEnrolment />}>
      {(user) => (
        <>
          <AdminNav user={user} bell={<NoticeBell />} />
          <div className="container-page py-8 sm:py-10">
            <Switch>
              <Route path="/" component={LeadsInbox} />
              <Route path="/leads/:kind/:id">
                {(params) => (
                  <LeadDetailView
                    kind={params.kind}
                    id={params.id}
                    proposals={LeadProposalsPanel}
                  />
                )}
              </Route>
              <Route path="/proposals/:id">
                {(params) => <ProposalEditorView id={params.id} />}
              </Route>
              <Route path="/pipeline" component={PipelineView} />
              <Route path="/clients" component={ClientsView} />
              <Route path="/clients/:id">
                {(params) => <ClientDetailView id={params.id} panels={clientPanels} />}
              </Route>
              <Route path="/invoices" component={InvoicesView} />
              <Route path="/invoices/:id">{(params) => <StaffInvoiceView id={params.id} />}</Route>
              <Route path="/tickets" component={TicketQueue} />
              <Route path="/tickets/:id">
                {(params) => <TicketDetailView id={params.id} clientLink={clientLink} />}
              </Route>
              <Route path="/monitoring" component={MonitoringView} />
              <Route path="/emails" component={EmailsView} />
              <Route path="/audit" component={AuditLog} />
              <Route component={AdminNotFound} />
            </Switch>
          </div>
        </>
      )}
    </AdminGate>
  );
}

export const AdminPage = withQueryClient(AdminPageContent);
