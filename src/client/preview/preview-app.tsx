/**
 * The applicant's view of forms:preview: the page of the address (/applicant/<id>) as the
 * applicant sees it, with the switches, forms:check's findings listed at the top, and links to
 * the other pages and to the page's specification sheet. A save under forms/ or schemas/ makes
 * the server send "reload": the state is read again and the page redrawn, the answers kept.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { createFormStore } from '../form/form-store';
import type { CompiledValidator } from '../../engine/validation';
import { PreviewSwitches } from './branch-switches';
import { FindingNotes } from './finding-renderers';
import { PreviewPage } from './preview-page';
import type { PreviewPage as PageState, PreviewState } from './preview-state';

type Loaded = { state: PreviewState; validator?: CompiledValidator };

/** Reads the state and the page's validator of this reload. */
async function loadState(pageId: string): Promise<Loaded> {
  const state = (await (await fetch('/preview/state.json')).json()) as PreviewState;
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

function Nav({ pages, current }: { pages: readonly PageState[]; current: string }) {
  return (
    <nav className="preview-nav" aria-label="Pages">
      {pages.map(({ definition: { id, title } }) => (
        <a key={id} href={`/applicant/${id}`} aria-current={id === current ? 'page' : undefined}>
          {title}
        </a>
      ))}
      <a href={`/page/${current}`}>Specification sheet of this page</a>
      <a href="/">All pages</a>
    </nav>
  );
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
  // One store for the visit: a reload hands it the new definition and validator, so the answers
  // given so far stay.
  const [validators] = useState(() => new Map<string, CompiledValidator>());
  const [store] = useState(() =>
    createFormStore({ page: page.definition, validatorOf: (id) => validators.get(id) }),
  );
  useLayoutEffect(() => {
    const id = page.definition.id;
    if (validator) validators.set(id, validator);
    else validators.delete(id);
    store.setPage(page.definition);
    document.documentElement.dataset.previewVersion = String(state.version);
  }, [store, validators, page, validator, state.version]);
  const pageFindings = state.findings.filter((f) => f.pageId === page.definition.id);
  const elsewhere = state.findings.length - pageFindings.length;
  return (
    <>
      <header className="preview-header">
        <Nav pages={state.pages} current={page.definition.id} />
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
          page={page.definition}
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
