import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractExports, withDirectContractImports } from './direct-contract-imports.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
const write = (file: string, code: string) => fs.writeFileSync(path.join(dir, file), code);
write('index.ts', "export * from './constants.ts';\nexport * from './triggers.ts';\n");
write('constants.ts', "export const STORAGE_KEYS = { token: 'token' };\nexport type Role = 'Admin';\n");
write(
  'triggers.ts',
  "import { z } from 'zod';\nexport const Trigger = z.object({});\nexport function triggerName() { return ''; }\nexport type Trigger = {};\n",
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const owners = contractExports(path.join(dir, 'index.ts'));
const constants = JSON.stringify(path.join(dir, 'constants.ts'));
const triggers = JSON.stringify(path.join(dir, 'triggers.ts'));
const rewrite = (code: string) => withDirectContractImports('page.tsx', code, owners);

describe('direct contract imports', () => {
  it('knows which file of the contract exports each name', () => {
    expect(owners.get('STORAGE_KEYS')).toBe(path.join(dir, 'constants.ts'));
    expect(owners.get('triggerName')).toBe(path.join(dir, 'triggers.ts'));
  });

  it('imports each value from its own file, so a constant no longer brings the schemas', () => {
    expect(rewrite("import { STORAGE_KEYS, triggerName as nameOf } from '@automate/contract';\nnameOf();")).toBe(
      `import { STORAGE_KEYS } from ${constants}; import { triggerName as nameOf } from ${triggers};\nnameOf();`,
    );
  });

  it('leaves types on the index, where the compiler drops them', () => {
    expect(rewrite("import { STORAGE_KEYS, type Role } from '@automate/contract';")).toBe(
      `import { STORAGE_KEYS } from ${constants}; import type { Role } from '@automate/contract';`,
    );
    const typesOnly = "import type { Role } from '@automate/contract';";
    expect(rewrite(typesOnly)).toBeNull();
  });

  it('re-exports from the defining file too', () => {
    expect(rewrite("export { Trigger, STORAGE_KEYS as KEYS } from '@automate/contract';")).toBe(
      `export { Trigger } from ${triggers}; export { STORAGE_KEYS as KEYS } from ${constants};`,
    );
  });

  it('keeps a namespace import on the index, and leaves code that does not use the contract alone', () => {
    expect(rewrite("import * as contract from '@automate/contract';")).toBeNull();
    expect(rewrite("import { z } from 'zod';")).toBeNull();
  });

  it('names the file and the name when the contract does not export it', () => {
    expect(() => rewrite("import { Missing } from '@automate/contract';")).toThrow(
      'page.tsx takes Missing from @automate/contract, which does not export it.',
    );
  });
});
