/**
 * Compiles the applicant side's message catalogues (src/client/i18n/messages.*.json, ICU
 * MessageFormat) when the build or the tests import them, so the browser gets Lingui's compiled
 * form and never a message parser (issue 40). A message that does not parse fails the build and
 * names its key. The build also writes index.html in each language (index.<locale>.html), which
 * the server serves by the request's language (src/server/client-shell.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { locales, sourceLocale, type Locale } from '../src/contract/locale.ts';
import { browserFormats } from '../src/client/i18n/format-message.ts';

const catalogue = /[\\/]src[\\/]client[\\/]i18n[\\/][a-z-]+\.[a-z]{2}\.json$/;

/** Texts only the build reads (index.html's), which the browser never needs. */
const buildOnly = (key: string) => key.startsWith('html.');

/** The formats (plural, select…) a compiled message uses, nested ones included. */
function formatsOf(message: unknown): string[] {
  if (!Array.isArray(message)) return [];
  return message.flatMap((token: unknown) => {
    if (!Array.isArray(token)) return [];
    const [, format, options] = token as [string, string?, unknown?];
    const nested =
      options && typeof options === 'object' ? Object.values(options).flatMap(formatsOf) : [];
    return format === undefined ? nested : [format, ...nested];
  });
}

/** Each message of a catalogue (its JSON text) compiled, as JSON text again. */
export function compileCatalogue(json: string, file: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  const shipped = Object.entries(messages).filter(([key]) => !buildOnly(key));
  const compiled = shipped.map(([key, message]) => {
    let result: ReturnType<typeof compileMessageOrThrow>;
    try {
      result = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: the message "${key}" does not compile: ${String(error)}`);
    }
    const unread = formatsOf(result).filter((format) => !browserFormats.includes(format));
    if (unread.length > 0)
      throw new Error(
        `${file}: the message "${key}" uses ${unread.join(', ')}, which the browser does not ` +
          `read (src/client/i18n/format-message.ts reads ${browserFormats.join(', ')}).`,
      );
    return [key, result] as const;
  });
  return JSON.stringify(Object.fromEntries(compiled));
}

export function compiledMessages(): Plugin {
  return {
    name: 'compiled-messages',
    // Before Vite's own JSON plugin, which turns the (compiled) JSON into a module.
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!catalogue.test(file)) return null;
      return { code: compileCatalogue(code, file), map: null };
    },
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html in `locale`: its `lang`, title, description and the no-script notice. */
export function localizedIndex(html: string, locale: Locale, messages: Record<string, string>) {
  const text = (key: string) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`messages.${locale}.json has no "${key}".`);
    return escapeHtml(message);
  };
  const replaced = (page: string, pattern: RegExp, value: string) => {
    if (!pattern.test(page)) throw new Error(`index.html has nothing matching ${String(pattern)}.`);
    return page.replace(pattern, (_whole, before: string, after: string) => before + value + after);
  };
  let page = replaced(html, /(<html lang=")[^"]*(")/, locale);
  page = replaced(page, /(<title>)[^<]*(<\/title>)/, text('app.title'));
  page = replaced(page, /(<meta name="description" content=")[^"]*(")/, text('html.description'));
  return replaced(page, /(<p class="[^"]*noscript-notice">)[^<]*(<\/p>)/, text('html.noscript'));
}

const catalogueOf = (root: string, locale: Locale) =>
  JSON.parse(
    readFileSync(path.join(root, 'src/client/i18n', `messages.${locale}.json`), 'utf8'),
  ) as Record<string, string>;

/** Writes index.html in each language once the bundle has it (the English in place). */
export function localizedIndexPages(): Plugin {
  let root = process.cwd();
  return {
    name: 'localized-index-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const html = String(index.source);
        for (const locale of locales) {
          const page = localizedIndex(html, locale, catalogueOf(root, locale));
          if (locale === sourceLocale) index.source = page;
          else this.emitFile({ type: 'asset', fileName: `index.${locale}.html`, source: page });
        }
      },
    },
  };
}
