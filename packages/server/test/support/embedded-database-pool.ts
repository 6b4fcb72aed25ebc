import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * What a freshly loaded snapshot holds, to put an instance back to it: the tables (and the rows of
 * those the migrations and the queue's set-up filled), the sequences' positions, and a fingerprint of
 * the schema.
 */
type Baseline = {
  tables: string[];
  rows: Array<{ table: string; json: string }>;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  schema: string;
};
type Pooled = { client: PGlite; baseline: Baseline };

/**
 * Embedded databases of this worker process that no test file holds now. Loading the snapshot into a
 * new PGlite costs a few hundred milliseconds of CPU, more than most files' tests; emptying the tables
 * of one that a finished file used costs a few. Kept on globalThis: files of one worker share it
 * whether or not they share this module.
 */
const KEY = Symbol.for('automate.idleEmbeddedDatabases');
const store = globalThis as { [KEY]?: Pooled[] };
store[KEY] ??= [];
const idle = store[KEY];

/**
 * An embedded database in memory as the snapshot holds it, for one test file; `release` puts it back
 * to that state for the next file of this worker, or closes it when the file changed the schema.
 */
export async function acquireEmbeddedDatabase(
  snapshotPath: string,
): Promise<{ client: PGlite; release(): Promise<void> }> {
  const pooled = idle.pop() ?? (await load(snapshotPath));
  let released = false;
  return {
    client: pooled.client,
    async release() {
      if (released) return;
      released = true;
      if (await reset(pooled)) idle.push(pooled);
      else await pooled.client.close();
    },
  };
}

async function load(snapshotPath: string): Promise<Pooled> {
  const client = new PGlite({ loadDataDir: await fs.openAsBlob(snapshotPath) });
  await client.waitReady;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%' order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const [found] = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`))
      .rows;
    if (found?.json) rows.push({ table, json: found.json });
  }
  const sequences = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`,
    )
  ).rows;
  const positions: Baseline['sequences'] = [];
  for (const { name } of sequences) {
    const [position] = (
      await client.query<{ lastValue: string; isCalled: boolean }>(
        `select last_value::text as "lastValue", is_called as "isCalled" from ${name}`,
      )
    ).rows;
    if (position) positions.push({ name, ...position });
  }
  return { client, baseline: { tables, rows, sequences: positions, schema: await schemaFingerprint(client) } };
}

/**
 * Ends what the file left in the session, then, unless the schema changed (a file that created a table
 * or a trigger gets an instance of its own next time), empties the tables it wrote and puts back the
 * snapshot's rows and sequence positions. False when the instance cannot be reused.
 */
async function reset({ client, baseline }: Pooled): Promise<boolean> {
  try {
    // Drops temporary tables, settings, prepared statements, notification channels and advisory locks;
    // refuses (and the instance is not reused) inside a transaction a file left open.
    await client.exec('discard all');
    if ((await schemaFingerprint(client)) !== baseline.schema) return false;
    const written = (
      await client.query<{ name: string }>(
        baseline.tables
          .map((table) => `select '${table}' as name where exists (select 1 from ${table})`)
          .join(' union all '),
      )
    ).rows.map((row) => row.name);
    await client.transaction(async (tx) => {
      // Foreign keys are enforced by triggers, which a replica session skips: the tables empty in any order.
      await tx.exec('set local session_replication_role = replica');
      for (const table of written) await tx.exec(`delete from ${table}`);
      for (const { table, json } of baseline.rows) {
        await tx.query(
          `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
          [json],
        );
      }
      for (const { name, lastValue, isCalled } of baseline.sequences) {
        await tx.query('select setval($1::regclass, $2::bigint, $3)', [name, lastValue, isCalled]);
      }
    });
    return true;
  } catch {
    return false;
  }
}

/** The database's own objects: anything a file created, altered or dropped changes it. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const [row] = (
    await client.query<{ fingerprint: string }>(`
      with own(ns) as (
        select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      )
      select md5(string_agg(item, '|' order by item)) as fingerprint from (
        select format('n %s %s', oid, nspname) from pg_namespace
        union all select format('c %s %s %s %s %s %s %s %s', c.oid, c.relname, c.relnamespace, c.relkind, c.relnatts,
                                c.relhastriggers, c.relrowsecurity, c.reloptions)
          from pg_class c where c.relnamespace in (select ns from own)
        union all select format('a %s %s %s %s %s %s', a.attrelid, a.attnum, a.attname, a.atttypid, a.attnotnull, a.atthasdef)
          from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace in (select ns from own)
        union all select format('d %s', oid) from pg_attrdef
        union all select format('k %s %s', oid, conname) from pg_constraint
        union all select format('t %s', oid) from pg_trigger
        union all select format('p %s %s', oid, md5(prosrc)) from pg_proc where pronamespace in (select ns from own)
        union all select format('y %s', oid) from pg_type where typnamespace in (select ns from own)
        union all select format('r %s %s', oid, rolname) from pg_roles
        union all select format('s %s %s %s', setdatabase, setrole, setconfig) from pg_db_role_setting
      ) items(item)`)
  ).rows;
  return row?.fingerprint ?? '';
}
