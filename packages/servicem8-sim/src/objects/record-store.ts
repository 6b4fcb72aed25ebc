import type { ObjectName } from './object-types.ts';

/** One stored record: its fields as the API returns them. */
export type SimRecord = { uuid: string; active: number; edit_date: string; [field: string]: unknown };

type StoredFile = { bytes: Buffer; contentType: string; uploadedAt: Date };

/**
 * The account's data, in memory: records per object type in creation order, attachment bytes,
 * and the job number sequence. Holds no rules; `record.service.ts` applies them.
 */
export type RecordStore = {
  list(object: ObjectName): SimRecord[];
  get(object: ObjectName, uuid: string): SimRecord | undefined;
  put(object: ObjectName, record: SimRecord): void;
  getFile(uuid: string): StoredFile | undefined;
  putFile(uuid: string, file: StoredFile): void;
  /** The next `generated_job_id`: one more than the highest number seen. */
  takeJobNumber(): string;
  noteJobNumber(generatedJobId: string): void;
  clear(): void;
};

export function createRecordStore(): RecordStore {
  const tables = new Map<ObjectName, Map<string, SimRecord>>();
  const files = new Map<string, StoredFile>();
  let lastJobNumber = 0;

  const table = (object: ObjectName): Map<string, SimRecord> => {
    let rows = tables.get(object);
    if (!rows) {
      rows = new Map();
      tables.set(object, rows);
    }
    return rows;
  };

  return {
    list: (object) => [...table(object).values()],
    get: (object, uuid) => table(object).get(uuid.toLowerCase()),
    put: (object, record) => {
      table(object).set(record.uuid.toLowerCase(), record);
    },
    getFile: (uuid) => files.get(uuid.toLowerCase()),
    putFile: (uuid, file) => {
      files.set(uuid.toLowerCase(), file);
    },
    takeJobNumber: () => {
      lastJobNumber += 1;
      return String(lastJobNumber);
    },
    noteJobNumber: (generatedJobId) => {
      const number = Number.parseInt(generatedJobId, 10);
      if (Number.isFinite(number) && number > lastJobNumber) lastJobNumber = number;
    },
    clear: () => {
      tables.clear();
      files.clear();
      lastJobNumber = 0;
    },
  };
}
