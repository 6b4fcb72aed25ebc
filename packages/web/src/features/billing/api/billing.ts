import {
  CheckoutLink,
  CurrentSubscription,
  type DocumentStatus,
  Invoice,
  type InvoiceInput,
  Plan,
  type PlanInput,
  PlatformInvoiceDetails,
  type SearchQueryInput,
  searchPage,
  Trigger,
  TriggerSummary,
  toSearchParams,
} from '@automate/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '@/lib/api-client.ts';
import { subscriptionKey } from '@/lib/billing/subscription.ts';

/** Billing: plans, the current vendor's subscription, checkout, invoices (`/api/Accounting/…`). */

export const billingKeys = {
  all: ['billing'] as const,
  plansOnSale: ['billing', 'plans', 'on-sale'] as const,
  planSearch: (query: SearchQueryInput) => ['billing', 'plans', 'search', query] as const,
  subscription: subscriptionKey,
  invoices: (vendorId: string | null, query: SearchQueryInput) => ['billing', 'invoices', vendorId, query] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  platformDetails: ['billing', 'platform-details'] as const,
};

/** `GET /api/Admin/settings/invoicing`: the platform's details as the supplier on its invoices. */
export function usePlatformInvoiceDetails() {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.platformDetails,
      queryFn: ({ signal }) => apiGet('/Admin/settings/invoicing', PlatformInvoiceDetails, { signal }),
    }),
  );
}

/** `POST /api/Admin/settings/invoicing`: every invoice shows the saved details. */
export function useSavePlatformInvoiceDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: PlatformInvoiceDetails) =>
      apiRequest('POST', '/Admin/settings/invoicing', PlatformInvoiceDetails, { body: details }),
    onSuccess: ({ data }) => {
      client.setQueryData(billingKeys.platformDetails, data);
      void client.invalidateQueries({ queryKey: ['billing', 'invoice'] });
    },
  });
}

const vendorHeader = (vendorId: string) => ({ 'x-vendor-id': vendorId });

export function usePlansOnSale() {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.plansOnSale,
      queryFn: ({ signal }) => apiGet('/Accounting/product/subscription/active', z.array(Plan), { signal }),
    }),
  );
}

/** Where to pay for a plan price: Stripe's page, or /payment/close when the plan was changed in place. */
export function fetchCheckoutLink(vendorId: string, planPriceId: string) {
  return apiGet(`/Accounting/checkout/${encodeURIComponent(planPriceId)}`, CheckoutLink, {
    headers: vendorHeader(vendorId),
  });
}

export function useCancellation(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, cancel }: { subscriptionId: string; cancel: boolean }) =>
      apiRequest(
        'GET',
        `/Accounting/subscription/${encodeURIComponent(subscriptionId)}/${cancel ? 'cancel' : 'resume'}`,
        CurrentSubscription,
        { headers: vendorHeader(vendorId) },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: billingKeys.subscription(vendorId) }),
  });
}

const PlanPage = searchPage(Plan);

export function usePlanSearch(query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.planSearch(query),
      queryFn: ({ signal }) =>
        apiGet('/Accounting/product/subscription/search', PlanPage, { query: toSearchParams(query), signal }),
      placeholderData: (previous) => previous,
    }),
  );
}

export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput & { id?: string }) =>
      apiRequest('POST', `/Accounting/product/subscription/${input.id ? 'update' : 'create'}`, Plan, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing', 'plans'] }),
  });
}

export function useArchivePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/Accounting/product/subscription/${encodeURIComponent(id)}/delete`, Plan),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing', 'plans'] }),
  });
}

const InvoicePage = searchPage(Invoice);

/** One vendor's invoices, or (vendorId null, SuperAdmins) everyone's. */
export function useInvoiceSearch(vendorId: string | null, query: SearchQueryInput) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.invoices(vendorId, query),
      queryFn: ({ signal }) =>
        apiGet(
          vendorId
            ? `/Accounting/invoices/search/vendor/${encodeURIComponent(vendorId)}`
            : '/Accounting/invoices/search',
          InvoicePage,
          { query: toSearchParams(query), signal },
        ),
      placeholderData: (previous) => previous,
    }),
  );
}

export function useInvoice(id: string) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.invoice(id),
      queryFn: ({ signal }) => apiGet(`/Accounting/invoice/fetch/${encodeURIComponent(id)}`, Invoice, { signal }),
    }),
  );
}

export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceInput) => apiRequest('POST', '/Accounting/invoice/create', Invoice, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
  });
}

export function useInvoiceStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: DocumentStatus) =>
      apiRequest('POST', `/Accounting/invoice/${encodeURIComponent(id)}/status`, Invoice, { body: { status } }),
    onSuccess: (result) => client.setQueryData(billingKeys.invoice(id), result.data),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
  });
}

const TriggerSummaryPage = searchPage(TriggerSummary);
const triggerBase = (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}/Trigger`;

/** The vendor's enabled automations (for choosing which to switch off before a smaller plan). */
export function fetchEnabledTriggers(vendorId: string) {
  return apiGet(`${triggerBase(vendorId)}/search`, TriggerSummaryPage, {
    query: toSearchParams({
      PageNumber: 1,
      PageSize: 500,
      SortBy: 'name',
      SortDir: 'Ascending',
      Filters: [{ action: 'Eq', field: 'enabled', value: true }],
    }),
  }).then((page) => page.rows);
}

/** Switches an automation off: its definition saved again with `enabled: false` (a new version). */
export async function switchTriggerOff(vendorId: string, triggerId: string) {
  const trigger = await apiGet(`${triggerBase(vendorId)}/${encodeURIComponent(triggerId)}`, Trigger);
  await apiRequest('POST', `${triggerBase(vendorId)}/${encodeURIComponent(triggerId)}`, Trigger, {
    body: { ...trigger.definition, enabled: false },
  });
}
