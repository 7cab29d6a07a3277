import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/app-config';
import { secretFromConfigOrFile } from './secret-files';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-secrets-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a secret kept in DATA_DIR', () => {
  it('is made once, 32 random bytes readable by the owner only, and read back at the next start', () => {
    const made = secretFromConfigOrFile(undefined, dataDir, 'master.key');
    expect(made).toHaveLength(32);
    const file = path.join(dataDir, 'master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(made.toString('base64'));
    expect(secretFromConfigOrFile(undefined, dataDir, 'master.key').equals(made)).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['master.key']);
  });

  it.each([
    ['empty', '', 'it holds nothing'],
    ['blank', ' \n', 'it holds nothing'],
    ['cut short', randomBytes(16).toString('base64'), 'it holds 16 bytes'],
    ['not base64', 'this is not a key at all, is it?', 'it is not base64'],
  ])('is refused with a message naming the file when it is %s', (_case, contents, holds) => {
    const file = path.join(dataDir, 'jwt.key');
    writeFileSync(file, contents);
    expect(() => secretFromConfigOrFile(undefined, dataDir, 'jwt.key')).toThrow(ConfigError);
    expect(() => secretFromConfigOrFile(undefined, dataDir, 'jwt.key')).toThrow(
      `${file} does not hold a secret: it must be base64 of at least 32 bytes (${holds}). Restore it from a backup. Deleting it makes a new one at the next start, and everything sealed or signed with the old one unreadable.`,
    );
    // Refused, not replaced: the file is left for the operator to restore.
    expect(readFileSync(file, 'utf8')).toBe(contents);
  });

  it('comes from configuration when it is set there, and a short one is refused', () => {
    const configured = randomBytes(48);
    expect(secretFromConfigOrFile(configured.toString('base64'), dataDir, 'research.key').equals(configured)).toBe(true);
    expect(() => secretFromConfigOrFile(randomBytes(8).toString('base64'), dataDir, 'research.key')).toThrow('research.key: the configured secret must be base64 of at least 32 bytes');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
