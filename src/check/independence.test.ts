/**
 * The checker must share no code with what it checks: src/check/ imports only its own files (no
 * other module of the project, no package, no Node module), and stays small enough to read.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = import.meta.dirname;
const SOURCES = readdirSync(DIR).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('src/check/ stands alone', () => {
  it('imports nothing outside itself', () => {
    expect(SOURCES.length).toBeGreaterThan(0);
    for (const name of SOURCES) {
      const text = readFileSync(join(DIR, name), 'utf8');
      const specifiers = [
        ...text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s+'([^']+)'/g),
        ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
        ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
      ].map((match) => match[1]);
      for (const specifier of specifiers) {
        expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
        expect(SOURCES, `${name} imports ${specifier}`).toContain(`${specifier.slice(2, -3)}.ts`);
      }
      expect(text, name).not.toMatch(/\brequire\s*\(|\bprocess\.|\bBuffer\b/);
    }
  });

  it('is at most about 1,500 lines', () => {
    const lines = SOURCES.reduce(
      (sum, name) => sum + readFileSync(join(DIR, name), 'utf8').split('\n').length,
      0,
    );
    expect(lines).toBeLessThanOrEqual(1500);
  });
});
