import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  Billing,
  BillingAddressInput,
  InvoiceDetail,
  InvoiceList,
  InvoiceStatus,
  InvoiceSummary,
  NewInvoiceInput,
  Payment,
  PlanRequest,
  PlanRequestInput,
  RecordPaymentInput,
  RefundInput,
  ReminderSent,
  RecurringPlan,
  RecurringPlanInput,
} from "@shared/schemas/billing";
import type { ClientSummary } from "@shared/schemas/clients";
import { getJson, sendJson } from "@/lib/api";
import { toSearch } from "@shared/deep-links";
import { clientKeys, live, staffKey } from "@/lib/queries";

/*
 * The client's billing: reads use the portal's default query function (the key parts joined with
 * "/" are the URL). A payment or a card goes through Stripe Checkout: the API answers with the
 * address to send the browser to.
 */

const billingKey = ["/api/billing"] as const;
const invoicesKey = ["/api/invoices"] as const;
const invoiceKey = (id: string) => ["/api/invoices", id] as const;
const paymentsKey = ["/api/payments"] as const;

/** The plans, the card, the balance and the plan requests (null: signed out). */
export const useBilling = () => useQuery<Billing>({ queryKey: billingKey });

/** The client's invoices (never drafts), newest first. */
export const useInvoices = () => useQuery<InvoiceSummary[]>({ queryKey: invoicesKey });

/** One invoice with its lines and payments; read afresh each time it is opened. */
export const useInvoice = (id: string) =>
  useQuery<InvoiceDetail>({ queryKey: invoiceKey(id), refetchOnMount: "always" });

/** Payments, failed card payments and refunds, newest first. */
export const usePayments = () => useQuery<Payment[]>({ queryKey: paymentsKey });

/** Where the client downloads an invoice's PDF. */
export const invoicePdfUrl = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;

/**
 * Back from Stripe, Stripe's word (the webhook) may come a little after the client: the plans,
 * invoices (the open one too) and payments are read again every few seconds for a minute while
 * `active`.
 */
export function useRefreshAfterStripe(active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let rounds = 0;
    const timer = setInterval(() => {
      rounds += 1;
      for (const queryKey of [billingKey, invoicesKey, paymentsKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      if (rounds >= 12) clearInterval(timer);
    }, 5000);
    return () => clearInterval(timer);
  }, [active, queryClient]);
}

/** Sends the browser to a Stripe Checkout page the API opened. */
export const goTo = (url: string) => window.location.assign(url);

/** POST .../checkout: Stripe Checkout for what is owed on an invoice. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (invoiceId: string) =>
      sendJson<{ url: string }>("POST", `/api/invoices/${encodeURIComponent(invoiceId)}/checkout`),
    onSuccess: ({ url }) => goTo(url),
  });

/** POST /api/billing/payment-method: Stripe Checkout in setup mode, to save a card. */
export const useSaveCard = () =>
  useMutation({
    mutationFn: () => sendJson<{ url: string }>("POST", "/api/billing/payment-method"),
    onSuccess: ({ url }) => goTo(url),
  });

/** PUT /api/billing/autopay: the answer is the whole billing view. */
export function useAutopay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => sendJson<Billing>("PUT", "/api/billing/autopay", { enabled }),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}

/** PUT /api/billing/address: the address the company's invoices print. */
export function useBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingAddressInput) =>
      sendJson<Billing>("PUT", "/api/billing/address", input),
    onSuccess: (billing) => queryClient.setQueryData(billingKey, billing),
  });
}

/** POST /api/billing/plan-requests: the request then shows under the Current Plan card. */
export function useRequestPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanRequestInput) =>
      sendJson<PlanRequest>("POST", "/api/billing/plan-requests", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}

/*
 * The back office's billing: live reads; every write refreshes the invoices, the clients'
 * billing and the plan requests, since one changes the others (a payment changes a balance, an
 * approval a plan).
 */

export const staffBillingKeys = {
  invoices: [...staffKey, "invoices"] as const,
  invoiceList: (search: string) => [...staffKey, "invoices", "list", search] as const,
  invoice: (id: string) => [...staffKey, "invoices", "detail", id] as const,
  clientBilling: (companyId: string) => [...staffKey, "billing", "client", companyId] as const,
  billing: [...staffKey, "billing"] as const,
  planRequests: [...staffKey, "plan-requests"] as const,
};

export interface StaffInvoiceFilter {
  status?: InvoiceStatus;
  companyId?: string;
  overdue?: boolean;
  /** The page to read, of the server's default size; the first when not given. */
  page?: number;
}

/** A page of the invoices list with this month's revenue, what is owed and how many are late. */
export function useStaffInvoices(filter: StaffInvoiceFilter) {
  const search = toSearch({
    status: filter.status,
    companyId: filter.companyId,
    overdue: filter.overdue ? "true" : undefined,
    page: filter.page && filter.page > 1 ? filter.page : undefined,
  });
  return useQuery({
    ...live,
    queryKey: staffBillingKeys.invoiceList(search),
    queryFn: ({ signal }) => getJson<InvoiceList>(`/api/admin/invoices${search}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffInvoice(id: string) {
  return useQuery({
    ...live,
    queryKey: staffBillingKeys.invoice(id),
    queryFn: ({ signal }) =>
      getJson<InvoiceDetail>(`/api/admin/invoices/${encodeURIComponent(id)}`, signal),
  });
}

/** Where staff download an invoice's PDF (a draft's too). */
export const staffInvoicePdfUrl = (id: string) =>
  `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;

/** A client's plans, card, balance and plan requests, as their portal shows them. */
export function useClientBilling(companyId: string) {
  return useQuery({
    ...live,
    queryKey: staffBillingKeys.clientBilling(companyId),
    queryFn: ({ signal }) =>
      getJson<Billing>(`/api/admin/clients/${encodeURIComponent(companyId)}/billing`, signal),
  });
}

/** PUT /api/admin/clients/:id/billing-address: staff set the address a client's invoices print. */
export function useClientBillingAddress(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingAddressInput) =>
      sendJson<Billing>(
        "PUT",
        `/api/admin/clients/${encodeURIComponent(companyId)}/billing-address`,
        input,
      ),
    onSuccess: (billing) =>
      queryClient.setQueryData(staffBillingKeys.clientBilling(companyId), billing),
  });
}

/** Every client company, for the invoice form's and the filters' client choice. */
export function useClientChoices() {
  return useQuery({
    ...live,
    queryKey: clientKeys.list(""),
    queryFn: ({ signal }) => getJson<ClientSummary[]>("/api/admin/clients", signal),
  });
}

export function usePlanRequests() {
  return useQuery({
    ...live,
    queryKey: staffBillingKeys.planRequests,
    queryFn: ({ signal }) => getJson<PlanRequest[]>("/api/admin/plan-requests", signal),
  });
}

const isInvoice = (data: unknown): data is InvoiceDetail =>
  typeof data === "object" && data !== null && "lines" in data && "payments" in data;

/** A staff billing write: an invoice's answer is cached; everything billing shows is refreshed. */
function useBillingWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      // An invoice's answer is that invoice as it is now: no need to read it again.
      const invoice = isInvoice(data) ? data : undefined;
      const cached = invoice && staffBillingKeys.invoice(invoice.id);
      if (cached) queryClient.setQueryData(cached, invoice);
      for (const queryKey of [
        staffBillingKeys.invoices,
        staffBillingKeys.billing,
        staffBillingKeys.planRequests,
      ]) {
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => !cached || query.queryHash !== hashKey(cached),
        });
      }
    },
  });
}

/** POST /api/admin/invoices: a manual invoice, issued (numbered and emailed) or kept a draft. */
export const useCreateInvoice = () =>
  useBillingWrite((input: NewInvoiceInput) =>
    sendJson<InvoiceDetail>("POST", "/api/admin/invoices", input),
  );

export type InvoiceAction = "issue" | "void" | "uncollectible";

/** Issue a draft, void an invoice or mark it uncollectible. */
export const useInvoiceAction = (id: string) =>
  useBillingWrite((action: InvoiceAction) =>
    sendJson<InvoiceDetail>("POST", `/api/admin/invoices/${encodeURIComponent(id)}/${action}`),
  );

/** DELETE a draft (204). */
export const useDeleteDraft = (id: string) =>
  useBillingWrite(() => sendJson<null>("DELETE", `/api/admin/invoices/${encodeURIComponent(id)}`));

/** A payment staff received by transfer, check, cash or other. */
export const useRecordPayment = (id: string) =>
  useBillingWrite((input: RecordPaymentInput) =>
    sendJson<InvoiceDetail>(
      "POST",
      `/api/admin/invoices/${encodeURIComponent(id)}/payments`,
      input,
    ),
  );

/** Remind the client of an open invoice by hand: who it was emailed to. */
export const useRemindInvoice = (id: string) =>
  useBillingWrite(() =>
    sendJson<ReminderSent>("POST", `/api/admin/invoices/${encodeURIComponent(id)}/reminders`),
  );

/** Refund (part of) a payment: through Stripe for a card, recorded otherwise; a credit note follows. */
export const useRefundPayment = (id: string) =>
  useBillingWrite((input: RefundInput) =>
    sendJson<InvoiceDetail>("POST", `/api/admin/invoices/${encodeURIComponent(id)}/refunds`, input),
  );

/** Where a credit note's PDF is downloaded, by staff or by the client. */
export const creditNotePdfUrl = (id: string, audience: "client" | "staff") =>
  `/api${audience === "staff" ? "/admin" : ""}/credit-notes/${encodeURIComponent(id)}/pdf`;

/** Add a monthly plan to a client, or change one (with `planId`). */
export const useSavePlan = (companyId: string) =>
  useBillingWrite(({ planId, ...input }: RecurringPlanInput & { planId?: string }) =>
    planId
      ? sendJson<RecurringPlan>("PUT", `/api/admin/plans/${encodeURIComponent(planId)}`, input)
      : sendJson<RecurringPlan>(
          "POST",
          `/api/admin/clients/${encodeURIComponent(companyId)}/plans`,
          input,
        ),
  );

export const useCancelPlan = () =>
  useBillingWrite((planId: string) =>
    sendJson<RecurringPlan>("POST", `/api/admin/plans/${encodeURIComponent(planId)}/cancel`),
  );

/** Approve a plan request at a monthly price, or decline it. */
export const useDecidePlanRequest = () =>
  useBillingWrite(
    ({
      id,
      decision,
      amountCents,
    }: {
      id: string;
      decision: "approve" | "decline";
      amountCents?: number;
    }) =>
      sendJson<PlanRequest>(
        "POST",
        `/api/admin/plan-requests/${encodeURIComponent(id)}/${decision}`,
        decision === "approve" ? { amountCents } : undefined,
      ),
  );
