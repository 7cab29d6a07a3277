import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOG = /[/\\]src[/\\]lib[/\\]i18n[/\\]catalogs[/\\][a-z]{2}\.json$/;

/**
 * The web app's catalogs as parsed ICU messages: each message is read once at build time, so the
 * bundle does without the ICU parser (intl-messageformat then takes `no-parser`, and formats the
 * parsed messages it is given). Tests and the type check keep reading the catalogs' own text.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'nightlight-precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      return { code: JSON.stringify(Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, parse(message)]))), map: null };
    },
  };
}
