/**
 * The applicant's view of forms:preview: the page of the address (/applicant/<id>) as the
 * applicant sees it, with the switches, forms:check's findings listed at the top, and links to
 * the other pages and to the page's specification sheet. A save under forms/ or schemas/ makes
 * the server send "reload": the state is read again and the page redrawn, the answers kept.
 */
import { loadNamedLists } from '../form/named-lists';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createFormStore } from '../form/form-store';
import type { Locale } from '../../contract/locale';
import { installMessageTranslator, type CompiledValidator } from '../../engine/validation';
import { localizePage, messageTranslator } from '../../forms/localize';
import { PreviewSwitches } from './branch-switches';
import { FindingNotes } from './finding-renderers';
import { PreviewPage } from './preview-page';
import type { PreviewPage as PageState, PreviewState } from './preview-state';

type Loaded = { state: PreviewState; validator?: CompiledValidator };
type Language = Locale;

/** The language the author chose to preview in (`?lang=es`), English by default. */
export const chosenLanguage = (): Language =>
  new URLSearchParams(location.search).get('lang') === 'es' ? 'es' : 'en';
const withLanguage = (href: string, language: Language) =>
  language === 'es' ? `${href}?lang=es` : href;

/** Reads the state and the page's validator of this reload. */
async function loadState(pageId: string): Promise<Loaded> {
  // The preview validates as a signed-in applicant's form does: countries checked against their
  // list (form/named-lists.ts).
  const [state] = await Promise.all([
    fetch('/preview/state.json').then((response) => response.json() as Promise<PreviewState>),
    loadNamedLists(),
  ]);
  const url = state.ok ? state.pages.find((p) => p.definition.id === pageId)?.validator : undefined;
  if (!url) return { state };
  // The module exports one validator, named after its schema.
  const module = (await import(/* @vite-ignore */ url)) as Record<string, CompiledValidator>;
  return { state, validator: Object.values(module)[0] };
}

function useReloadingState(pageId: string): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let latest = 0;
    const read = () => {
      const call = ++latest;
      void loadState(pageId).then((next) => call === latest && setLoaded(next));
    };
    read();
    const events = new EventSource('/events');
    events.onmessage = read;
    return () => events.close();
  }, [pageId]);
  return loaded;
}

function Nav({
  pages,
  current,
  language,
}: {
  pages: readonly PageState[];
  current: string;
  language: Language;
}) {
  return (
    <nav className="preview-nav" aria-label="Pages">
      {pages.map(({ definition: { id, title } }) => (
        <a
          key={id}
          href={withLanguage(`/applicant/${id}`, language)}
          aria-current={id === current ? 'page' : undefined}
        >
          {title}
        </a>
      ))}
      <a href={`/page/${current}`}>Specification sheet of this page</a>
      <a href="/">All pages</a>
    </nav>
  );
}

/** English and Español, each in its own language; the page is shown in the one chosen. */
function LanguageSwitch({ current, language }: { current: string; language: Language }) {
  const href = `/applicant/${current}`;
  return (
    <nav className="preview-nav" aria-label="Language">
      <a href={href} lang="en" hrefLang="en" aria-current={language === 'en' ? 'true' : undefined}>
        English
      </a>
      <a
        href={withLanguage(href, 'es')}
        lang="es"
        hrefLang="es"
        aria-current={language === 'es' ? 'true' : undefined}
      >
        Español
      </a>
    </nav>
  );
}

/**
 * The page in the chosen language: the Spanish made from forms/es/ as the application makes it
 * (a text without a fresh translation stays English, as forms:check reports), and the schema
 * messages in Spanish from the same validators.
 */
function usePageIn(
  page: PageState,
  state: PreviewState & { ok: true },
  language: Language,
): PageState['definition'] {
  const { translations } = state;
  return useMemo(() => {
    const spanish = language === 'es' ? translations?.pages[page.definition.id] : undefined;
    installMessageTranslator(
      language === 'es' && translations
        ? messageTranslator(Object.values(translations.pages), translations.site)
        : undefined,
    );
    return spanish
      ? localizePage(page.definition, spanish, translations?.site?.builtIn)
      : page.definition;
  }, [page.definition, translations, language]);
}

function ApplicantView({
  page,
  loaded,
}: {
  page: PageState;
  loaded: Loaded & { state: { ok: true } };
}) {
  const [afterSubmit, setAfterSubmit] = useState(false);
  const { validator, state } = loaded;
  const [language] = useState(chosenLanguage);
  const definition = usePageIn(page, state, language);
  // One store for the visit: a reload hands it the new definition and validator, so the answers
  // given so far stay.
  const [validators] = useState(() => new Map<string, CompiledValidator>());
  const [store] = useState(() =>
    createFormStore({ page: definition, validatorOf: (id) => validators.get(id) }),
  );
  useLayoutEffect(() => {
    const id = definition.id;
    if (validator) validators.set(id, validator);
    else validators.delete(id);
    store.setPage(definition);
    document.documentElement.dataset.previewVersion = String(state.version);
    document.documentElement.lang = language;
  }, [store, validators, definition, validator, state.version, language]);
  const pageFindings = state.findings.filter((f) => f.pageId === page.definition.id);
  const elsewhere = state.findings.length - pageFindings.length;
  return (
    <>
      <header className="preview-header">
        <Nav pages={state.pages} current={page.definition.id} language={language} />
        <LanguageSwitch current={page.definition.id} language={language} />
        <section aria-labelledby="preview-findings-title">
          <h2 id="preview-findings-title">
            forms:check: {pageFindings.length} finding{pageFindings.length === 1 ? '' : 's'} on this
            page{elsewhere ? `, ${elsewhere} elsewhere` : ''}
          </h2>
          <FindingNotes findings={pageFindings} />
        </section>
        <PreviewSwitches
          branches={page.branches}
          store={store}
          afterSubmit={afterSubmit}
          onAfterSubmit={setAfterSubmit}
        />
      </header>
      <main className="preview-page">
        <PreviewPage
          page={definition}
          store={store}
          afterSubmit={afterSubmit}
          findings={state.findings}
          pageCount={state.pages.length}
        />
      </main>
    </>
  );
}

export function PreviewApp({ pageId }: { pageId: string }) {
  const loaded = useReloadingState(pageId);
  if (!loaded) return <p>Loading the preview…</p>;
  const { state } = loaded;
  if (!state.ok)
    return (
      <div className="preview-problems" role="alert">
        <h1>The forms cannot be shown</h1>
        <ul>
          {state.problems.map((p, i) => (
            <li key={i}>
              <strong>{p.where}</strong>: {p.message}
            </li>
          ))}
        </ul>
        <p>Fix the file and save it: this page reloads.</p>
      </div>
    );
  const page = state.pages.find((p) => p.definition.id === pageId);
  if (!page) return <p role="alert">No page has the id {pageId}.</p>;
  return <ApplicantView page={page} loaded={{ ...loaded, state }} />;
}
