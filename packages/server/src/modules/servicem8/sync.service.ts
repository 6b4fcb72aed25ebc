import {
  Sm8Badge,
  Sm8Category,
  Sm8Form,
  Sm8FormField,
  Sm8Material,
  Sm8Queue,
  Sm8Staff,
  Sm8Vendor,
  TimeZone,
} from '@automate/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { findVendor, setVendorTimeZone } from '../vendors/vendors.service.ts';
import {
  listReferenceItems,
  replaceReferenceItems,
  type Sm8ReferenceRow,
  updateConnection,
} from './servicem8.repository.ts';
import { sm8ClientForVendor } from './sm8-access.ts';

type Kind = Sm8ReferenceRow['kind'];
type Item = Pick<Sm8ReferenceRow, 'uuid' | 'name' | 'active' | 'details'>;

/** How each kind of reference data is read from ServiceM8 and what of it is kept. */
const SOURCES: { [K in Kind]: { object: string; schema: z.ZodType; toItem(record: never): Item } } = {
  badge: { object: 'badge', schema: Sm8Badge, toItem: (r: z.output<typeof Sm8Badge>) => item(r, r.name, {}) },
  queue: {
    object: 'queue',
    schema: Sm8Queue,
    toItem: (r: z.output<typeof Sm8Queue>) => item(r, r.name, { defaultTimeframe: r.default_timeframe }),
  },
  category: {
    object: 'category',
    schema: Sm8Category,
    toItem: (r: z.output<typeof Sm8Category>) => item(r, r.name, { colour: r.colour }),
  },
  staff: {
    object: 'staff',
    schema: Sm8Staff,
    toItem: (r: z.output<typeof Sm8Staff>) =>
      item(r, `${r.first} ${r.last}`.trim() || r.email, {
        first: r.first,
        last: r.last,
        email: r.email,
        jobTitle: r.job_title,
      }),
  },
  form: { object: 'form', schema: Sm8Form, toItem: (r: z.output<typeof Sm8Form>) => item(r, r.name, {}) },
  formfield: {
    object: 'formfield',
    schema: Sm8FormField,
    toItem: (r: z.output<typeof Sm8FormField>) =>
      item(r, r.name, { formUuid: r.form_uuid, sortOrder: Number(r.sort_order) || 0, ...fieldData(r.field_data_json) }),
  },
  material: {
    object: 'material',
    schema: Sm8Material,
    toItem: (r: z.output<typeof Sm8Material>) => item(r, r.name, { itemNumber: r.item_number, price: r.price }),
  },
};

function item(record: { uuid: string; active: boolean }, name: string, details: Record<string, unknown>): Item {
  return { uuid: record.uuid, name, active: record.active, details };
}

/** A form field's type and choices, from its `field_data_json` (kept lenient: the shape is not documented). */
function fieldData(json: string): Record<string, unknown> {
  try {
    const data = JSON.parse(json) as { type?: unknown; choices?: unknown };
    return {
      fieldType: typeof data.type === 'string' ? data.type : null,
      choices: Array.isArray(data.choices) ? data.choices.map(String) : [],
    };
  } catch {
    return { fieldType: null, choices: [] };
  }
}

export type SyncChanges = Record<Kind, { added: number; removed: number; changed: number; total: number }> & {
  timeZone: { from: string; to: string } | null;
};

/**
 * Copies the vendor's reference data from ServiceM8 (badges, queues, categories, staff, forms with
 * fields, materials, and the account's time zone, name, email and website) and says what changed
 * since the last sync. Runs read staff and the account from this copy (merge fields).
 */
export async function syncReferenceData(deps: Deps, vendorId: string): Promise<SyncChanges> {
  const client = await sm8ClientForVendor(deps, vendorId);
  const fetched = {} as Record<Kind, Item[]>;
  for (const [kind, source] of Object.entries(SOURCES) as Array<[Kind, (typeof SOURCES)[Kind]]>) {
    const records = await client.list(source.object, source.schema);
    fetched[kind] = records.map((record) => source.toItem(record as never));
  }
  const [account] = await client.list('vendor', Sm8Vendor);
  const now = deps.clock.now();

  return deps.database.db.transaction(async (tx) => {
    const before = await listReferenceItems(tx, vendorId);
    const changes = {} as SyncChanges;
    for (const kind of Object.keys(SOURCES) as Kind[]) {
      const old = new Map(before.filter((row) => row.kind === kind).map((row) => [row.uuid, row]));
      const incoming = fetched[kind];
      const added = incoming.filter((row) => !old.has(row.uuid)).length;
      const changed = incoming.filter((row) => {
        const previous = old.get(row.uuid);
        return (
          previous &&
          (previous.name !== row.name ||
            previous.active !== row.active ||
            JSON.stringify(previous.details) !== JSON.stringify(row.details))
        );
      }).length;
      const removed = [...old.keys()].filter((uuid) => !incoming.some((row) => row.uuid === uuid)).length;
      await replaceReferenceItems(tx, vendorId, kind, incoming, now);
      changes[kind] = { added, removed, changed, total: incoming.length };
    }
    changes.timeZone = null;
    const zone = account?.timezone_name;
    const vendor = await findVendor(tx, vendorId);
    if (vendor && zone && zone !== vendor.timeZone && TimeZone.safeParse(zone).success) {
      await setVendorTimeZone(tx, vendorId, zone);
      changes.timeZone = { from: vendor.timeZone, to: zone };
    }
    const details = account ? { name: account.name, email: account.email, website: account.website } : undefined;
    await updateConnection(tx, vendorId, { lastSyncedAt: now, ...(details ? { account: details } : {}) });
    return changes;
  });
}
