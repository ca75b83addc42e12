import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, renderConfigTable, tableInReadme } from '../scripts/config-table';
import { envSchema } from '../src/config';

describe("README's configuration table", () => {
  it('is the one rendered from the config schema (npm run config-table -w @notewise/server)', () => {
    const inReadme = tableInReadme(fs.readFileSync(README, 'utf8'));
    expect(inReadme, 'README.md lost its config-table markers').toBeDefined();
    expect(inReadme).toBe(renderConfigTable());
  });

  it('names every variable the server reads, each described', () => {
    const table = renderConfigTable();
    for (const [name, schema] of Object.entries(envSchema.shape)) {
      expect(schema.description, name).toBeTruthy();
      expect(table).toContain(`| \`${name}\``);
    }
  });
});
