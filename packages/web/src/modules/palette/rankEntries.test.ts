import { commandsById, registry, type AnyCommand } from '@traction/core';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteEntry } from '../../routes';
import { buildPaletteIndex, isPaletteRoute, paletteRoutePath } from './buildPaletteIndex';
import type { PaletteEntry } from './PaletteEntry';
import { rankEntries } from './rankEntries';
import { MAX_RECENT, rememberEntry } from './rememberEntry';

// Any page will do: the palette only asks whether a route has one.
const page = 'OverviewPage' as const;
const routes: RouteEntry[] = [
  { path: '/admin', label: 'All Admins', group: 'Admin MGT', inSidebar: true, permission: 'admins.view', page, chord: 'a' },
  { path: '/audit-log', label: 'Audit Log', group: 'Admin MGT', inSidebar: true, permission: 'audit.view', page },
  { path: '/overview', label: 'Overview', group: null, inSidebar: true, page },
  { path: '/settlements', label: 'Settlements', group: 'Settlements', inSidebar: true },
  { path: '/permissions-user-by-id/{id}/{name}', label: 'User Permissions', group: 'Admin MGT', inSidebar: false, page },
  // Its id may be left out: the palette opens it without one.
  { path: '/auto-deduction-settings/{_id?}', label: 'Deduction Settings', group: 'Deductions', inSidebar: false, permission: 'deductions.view', page },
  { path: '/login', label: 'Login', group: null, inSidebar: false, public: true, page },
];

const keys = (entries: readonly PaletteEntry[]) => entries.map((entry) => entry.key);

describe('buildPaletteIndex', () => {
  it('offers the pages an admin may open: with a page, inside the console, without a record id', () => {
    expect(keys(buildPaletteIndex(routes, [], new Set(['admins.view'])))).toEqual(['route:/admin', 'route:/overview']);
    expect(keys(buildPaletteIndex(routes, [], new Set(['admins.view', 'audit.view'])))).toEqual(['route:/admin', 'route:/audit-log', 'route:/overview']);
    const settings = buildPaletteIndex(routes, [], new Set(['deductions.view'])).find((entry) => entry.label === 'Deduction Settings');
    expect(settings).toMatchObject({ key: 'route:/auto-deduction-settings', target: '/auto-deduction-settings' });
  });

  it('offers the commands an admin may run, without the session commands', () => {
    const commands = registry as readonly AnyCommand[];
    const none = keys(buildPaletteIndex([], commands, new Set()));
    // Export files are everyone's own: their commands need no permission (the lists exported do).
    expect(none).toEqual([
      'command:auth.whoami',
      'command:permissions.catalogue',
      'command:location.states',
      'command:features.list',
      'command:exports.list',
      'command:exports.get',
      'command:exports.create',
      'command:exports.download',
      'command:exports.delete',
    ]);
    const admin = keys(buildPaletteIndex([], commands, new Set(['admins.create', 'admins.delete', 'admins.view'])));
    expect(admin).toContain('command:admins.create');
    expect(admin).toContain('command:admins.delete');
    expect(admin).not.toContain('command:admins.role.update');
    expect(admin).not.toContain('command:auth.check-email');
    expect(admin).not.toContain('command:auth.login');
  });

  it('offers each thing once: no list a page shows, no bulk command, no command another covers', () => {
    const everything = new Set((registry as readonly AnyCommand[]).flatMap((command) => (command.permission ? [command.permission] : [])));
    const index = keys(buildPaletteIndex(ROUTES, registry as readonly AnyCommand[], everything));
    expect(index).toContain('route:/audit-log');
    expect(index).not.toContain('command:audit.list');
    expect(index).toContain('route:/merchants');
    expect(index).not.toContain('command:merchants.list');
    expect(index).toContain('command:fraud.update');
    expect(index).not.toContain('command:fraud.update-bulk');
    expect(index).not.toContain('command:permissions.grant-bulk');
    expect(index).toContain('command:merchants.search');
    expect(index).not.toContain('command:merchants.by-name');
    // A list without a page of its own stays: nothing else shows it.
    expect(index).toContain('command:business-users.list');
    // An admin who may read the list but not open its page (none today) would keep the command.
    expect(keys(buildPaletteIndex([], registry as readonly AnyCommand[], new Set(['audit.view'])))).toContain('command:audit.list');
  });

  it('names only pages and commands that exist when it leaves one out for another', () => {
    const paletteRoutes = new Set(ROUTES.filter(isPaletteRoute).map(paletteRoutePath));
    for (const command of registry as readonly AnyCommand[]) {
      if (command.list?.route) expect(paletteRoutes, `${command.id}'s list.route`).toContain(command.list.route);
      if (command.coveredBy) expect(commandsById.has(command.coveredBy), `${command.id}'s coveredBy`).toBe(true);
    }
  });

  it('keeps chords and dangers for the rows', () => {
    const index = buildPaletteIndex(ROUTES, registry as readonly AnyCommand[], new Set(['admins.view', 'admins.delete']));
    expect(index.find((e) => e.key === 'route:/admin')).toMatchObject({ kind: 'route', chord: 'a', group: 'Admin MGT' });
    expect(index.find((e) => e.key === 'command:admins.delete')).toMatchObject({ kind: 'command', danger: 'confirm', group: 'admins' });
    expect(index.every((e) => !e.target.includes('{'))).toBe(true);
  });
});

describe('rankEntries', () => {
  const index = buildPaletteIndex(
    ROUTES,
    registry as readonly AnyCommand[],
    new Set(['admins.view', 'admins.create', 'admins.delete', 'audit.view', 'permissions.view', 'permissions.manage']),
  );

  it('without a query: recent entries in recency order, then the rest in index order', () => {
    const ranked = rankEntries(index, '  ', ['command:admins.delete', 'route:/audit-log', 'route:/gone']);
    expect(keys(ranked).slice(0, 2)).toEqual(['command:admins.delete', 'route:/audit-log']);
    expect(ranked).toHaveLength(index.length);
    expect(keys(ranked.slice(2))).toEqual(keys(index.filter((e) => !['command:admins.delete', 'route:/audit-log'].includes(e.key))));
  });

  it('ranks by match quality: label starts before contains before fuzzy', () => {
    const ranked = keys(rankEntries(index, 'audit', []));
    expect(ranked[0]).toBe('route:/audit-log');
    expect(keys(rankEntries(index, 'perm', []))[0]).toBe('route:/permissions');
  });

  it('ranks words in titles above keywords, groups and ids: "merch" is Merchants first', () => {
    const merchants = buildPaletteIndex(
      ROUTES,
      registry as readonly AnyCommand[],
      new Set(['merchants.view', 'merchants.create', 'merchants.trust', 'kyc.view']),
    );
    const ranked = keys(rankEntries(merchants, 'merch', []));
    expect(ranked[0]).toBe('route:/merchants');
    // Titles with a word starting "merch" come before entries that only have it in a keyword or group.
    const titled = ranked.filter((key) => /\bmerch/i.test(merchants.find((entry) => entry.key === key)!.label));
    expect(ranked.slice(0, titled.length)).toEqual(titled);
    // A recent command does not jump a better title match: it is first among equals.
    const withRecent = keys(rankEntries(merchants, 'merch', ['command:merchants.password-link']));
    expect(withRecent[0]).toBe('route:/merchants');
    expect(withRecent.indexOf('command:merchants.password-link')).toBeLessThan(withRecent.indexOf('route:/accounts-for-trusting'));
    const entry = (key: string, label: string, keywords: string[] = []): PaletteEntry => ({ key, kind: 'command', label, group: '', keywords, target: key });
    expect(keys(rankEntries([entry('kw', 'Look up a KYC record', ['merchant']), entry('title', 'Sign up a merchant')], 'merch', []))).toEqual(['title', 'kw']);
  });

  it('puts a page before a command that matches as well: "document" is the Document page first', () => {
    const kyc = buildPaletteIndex(ROUTES, registry as readonly AnyCommand[], new Set(['kyc.view', 'uploads.create']));
    const ranked = keys(rankEntries(kyc, 'document', []));
    expect(ranked).toContain('command:uploads.create');
    expect(ranked.indexOf('route:/document-verification')).toBeLessThan(ranked.indexOf('command:uploads.create'));
    expect(ranked[0]).toBe('route:/document-verification');
    const tie = (kind: PaletteEntry['kind'], label: string): PaletteEntry => ({ key: `${kind}:${label}`, kind, label, group: '', keywords: [], target: label });
    expect(keys(rankEntries([tie('command', 'Fraud'), tie('route', 'Fraud')], 'fraud', []))).toEqual(['route:Fraud', 'command:Fraud']);
    expect(keys(rankEntries([tie('command', 'Fraud list'), tie('route', 'Fraud list')], 'fraud list', []))).toEqual(['route:Fraud list', 'command:Fraud list']);
  });

  it('finds by keyword, group and id, and by several words in any order', () => {
    expect(keys(rankEntries(index, 'invite', []))).toEqual(['command:admins.create']);
    expect(keys(rankEntries(index, 'admins.delete', []))).toEqual(['command:admins.delete']);
    expect(keys(rankEntries(index, 'admin create', []))[0]).toBe('command:admins.create');
    expect(rankEntries(index, 'zzzz', [])).toEqual([]);
  });

  it('ranks several words by all of them, not only the first', () => {
    const entry = (label: string): PaletteEntry => ({ key: `command:${label}`, kind: 'command', label, group: '', keywords: [], target: label });
    const wallet = [entry('Approve wallet transaction'), entry('Reverse wallet transaction'), entry('Reverse a settlement')];
    expect(keys(rankEntries(wallet, 'wallet rev', []))).toEqual(['command:Reverse wallet transaction']);
    expect(keys(rankEntries(wallet, 'wal tra', []))[0]).toBe('command:Approve wallet transaction');
  });

  it('puts matching recent entries first among equal matches, and leaves out recent ones that do not match', () => {
    const ranked = keys(rankEntries(index, 'admin', ['route:/overview', 'command:admins.delete', 'route:/audit-log']));
    // "Delete an admin" and "All Admins" match alike (a word starts "admin"): the recent one first.
    expect(ranked.slice(0, 2)).toEqual(['command:admins.delete', 'route:/admin']);
    expect(ranked).not.toContain('route:/overview');
    // The Audit Log matches by its group only: recent or not, it stays below the titles.
    expect(ranked.indexOf('route:/audit-log')).toBeGreaterThan(ranked.indexOf('command:admins.create'));
  });

  it('ranks 5,000 entries, the recent one first', () => {
    const many: PaletteEntry[] = Array.from({ length: 5_000 }, (_, i) => ({
      key: `command:synthetic.${i}`,
      kind: 'command',
      label: `Synthetic action number ${i}`,
      group: `group ${i % 40}`,
      keywords: ['bulk', `tag${i % 7}`],
      target: `synthetic.${i}`,
    }));
    expect(keys(rankEntries(many, 'syn', ['command:synthetic.4999']))[0]).toBe('command:synthetic.4999');
    expect(keys(rankEntries(many, 'number 42', [])).slice(0, 1)).toEqual(['command:synthetic.42']);
  });
});

describe('rememberEntry', () => {
  it('moves the entry to the front and keeps at most MAX_RECENT', () => {
    expect(rememberEntry(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    const full = Array.from({ length: MAX_RECENT }, (_, i) => `k${i}`);
    const next = rememberEntry(full, 'new');
    expect(next).toHaveLength(MAX_RECENT);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`k${MAX_RECENT - 1}`);
  });
});
