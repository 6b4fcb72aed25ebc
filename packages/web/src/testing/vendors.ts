import { DEFAULT_CLIENT_MESSAGING, type Vendor } from '@automate/contract';

/** A connected business's record as `GET /api/Vendor/{id}` answers it, with `overrides`. */
export function testVendor(overrides: Partial<Vendor> & Pick<Vendor, 'id'>): Vendor {
  return {
    name: 'Alpha Plumbing',
    timeZone: 'Pacific/Auckland',
    senderName: null,
    clientMessaging: DEFAULT_CLIENT_MESSAGING,
    sm8Connected: true,
    sm8StaffMayJoin: false,
    billingAddress: '',
    currentSubscriptionType: null,
    hasCurrentSubscription: true,
    subscriptionActive: true,
    automationsSuspended: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
