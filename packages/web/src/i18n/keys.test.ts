import { describe, expect, it } from 'vitest';
import { CATALOGUE, isGroup } from '../../../server/src/menu/catalogue';
import { LANGUAGES } from './detect';
import i18n from './index';
import { loadMessages } from './messages';
import { NAMESPACES } from './namespaces';

type Tree = { [key: string]: string | Tree };

/** key → the {{placeholders}} of its message. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      const vars = [...value.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]);
      out.set(prefix + key, [...new Set(vars)].sort().join(','));
    } else {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    }
  }
  return out;
}

describe.each(NAMESPACES)('the %s namespace', (namespace) => {
  it('has exactly English’s keys, with the same placeholders, in every language', async () => {
    const english = flatten((await loadMessages('en', namespace)) as Tree);
    expect(english.size).toBeGreaterThan(10);
    for (const lang of LANGUAGES) {
      const other = flatten((await loadMessages(lang, namespace)) as Tree);
      expect([...other.keys()].sort(), lang).toEqual([...english.keys()].sort());
      for (const [key, vars] of english) expect(other.get(key), `${lang} ${key}`).toBe(vars);
    }
  });

  it('has no empty message', async () => {
    for (const lang of LANGUAGES) {
      const messages = (await loadMessages(lang, namespace)) as Tree;
      const empty = [...flatten(messages).keys()].filter((key) => {
        const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, messages);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });
});

describe('menu titles', () => {
  // Titles arrive from the server at run time (menuTitle), so tsc cannot see them: check the catalogue's here.
  it('are keys of the route group in every language', async () => {
    const titles = CATALOGUE.flatMap((entry) => [entry, ...(isGroup(entry) ? entry.children : [])]).map(
      (entry) => entry.meta.title,
    );
    expect(titles.length).toBeGreaterThan(3);
    for (const lang of LANGUAGES) {
      const keys = flatten((await loadMessages(lang, 'translation')) as Tree);
      for (const title of titles) expect(keys.has(title), `${lang} ${title}`).toBe(true);
    }
  });
});

describe('loading messages', () => {
  it('refuses a language or namespace it does not have', async () => {
    await expect(loadMessages('fr', 'translation')).rejects.toThrow(/fr\/translation/);
    await expect(loadMessages('en', 'reports')).rejects.toThrow(/en\/reports/);
  });
});

describe('typed keys', () => {
  it('makes a typo fail tsc (checked by the @ts-expect-error lines compiling)', () => {
    // @ts-expect-error: no such key
    expect(i18n.t('login.submitt')).toBe('login.submitt');
    // @ts-expect-error: the monitoring strings live in their own namespace
    expect(i18n.t('monitoring.legend')).toBe('monitoring.legend');
    expect(i18n.t('monitoring.legend', { ns: 'monitoring' })).toBe('Legend');
  });
});
