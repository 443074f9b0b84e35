import { useState } from 'react';
import { fallbackAnswers, lookupAnswers, searchKey } from '../../engine/lookup-answers';
import { useAnswer, useFormStore } from '../form/form-context';
import { LOOKUP_DEBOUNCE, useLookupDetail, useLookupSearch } from '../form/lookup-api';
import { useDebouncedValue } from '../form/use-debounced-value';
import { useFieldView } from '../form/use-field-view';
import type { QuestionProps } from '../renderer/question-props';
import { QuestionList } from '../renderer/question-list';
import { Autocomplete, type Suggestion } from './parts/autocomplete';
import { otherParts, partsOf, useBlockLine, useOtherPartsShowErrors } from './parts/block-parts';
import { TextControl } from './parts/text-control';
import { manualSchoolHint } from '../messages';
import { catalogueArea } from '../i18n/i18n';
import english from '../i18n/school-search.en.json';

// Its texts load with it, not with a first load that does not show it (issue 43).
const questionText = catalogueArea(english);

const USE_TYPED = 'use-typed-text';

/**
 * The school search (SPEC §4): an autocomplete against /lookup/find with a free-text
 * "Use: …" option. Choosing a school copies its name, CEEB code and address into the answers;
 * "Use: …" or "I can't find my school" switches to manual mode, where the applicant types the
 * name and fills in the address parts. The applicant's own state ranks local schools first.
 */
export function SchoolSearchQuestion({ question }: QuestionProps<'school-search'>) {
  const store = useFormStore();
  const parts = partsOf(question);
  const nameKey = searchKey(question);
  const ceebKey = parts.find((part) => part.part === 'ceeb')?.key ?? '';
  const view = useFieldView(nameKey);
  const name = useAnswer(nameKey);
  const ceeb = useAnswer(ceebKey);
  const homeState = useAnswer('state');
  const line = useBlockLine(question);
  const [manualChosen, setManual] = useState(() => name !== '' && ceeb === '');
  // An error on the address parts opens manual entry, so the error summary's link finds its field.
  const manual = useOtherPartsShowErrors(question) || manualChosen;
  const [text, setText] = useState(name);
  const [shownName, setShownName] = useState(name);
  const [typed, setTyped] = useState('');
  if (name !== shownName) {
    setShownName(name);
    setText(name);
  }
  const query = useDebouncedValue(typed, LOOKUP_DEBOUNCE);
  const search = useLookupSearch(question.category, query, homeState);
  const detail = useLookupDetail(question.category);

  if (!view.visible) return null;

  const wanted = typed.trim();
  const results = wanted !== '' && query.trim() !== '' ? (search.data ?? []) : [];
  const suggestions: Suggestion[] = results.map((item) => ({
    id: item.id,
    text: item.text,
    subText: item.sub_text,
  }));
  if (wanted !== '' && !manual) suggestions.push({ id: USE_TYPED, text: `Use: ${wanted}` });

  const choose = (suggestion: Suggestion) => {
    setTyped('');
    if (suggestion.id === USE_TYPED) {
      detail.forget();
      setText(wanted);
      store.setAnswers(lookupAnswers(question, { name: wanted }, store.now()));
      setManual(true);
      return;
    }
    setText(suggestion.text);
    detail.choose(
      suggestion.id,
      (record) => store.setAnswers(lookupAnswers(question, record, store.now())),
      () => store.setAnswers(fallbackAnswers(question, suggestion.text)),
    );
    setManual(false);
  };

  const hintId = `${nameKey}-manual-hint`;
  const others = otherParts(question).map((part) => part.question);
  return (
    <div className="school-search">
      <TextControl view={view} help={question.help} variant={question.variant}>
        {(input) => (
          <Autocomplete
            {...input}
            value={text}
            maxLength={100}
            autoComplete="off"
            suggestions={suggestions}
            busy={search.isFetching}
            onInputChange={(next) => {
              setText(next);
              setTyped(next);
              if (manual) store.setAnswer(nameKey, next);
            }}
            onChoose={choose}
            onBlur={() => {
              // In search mode only a chosen suggestion counts: what was typed and left goes.
              if (!manual) setText(name);
              setTyped('');
            }}
            aria-describedby={
              [input['aria-describedby'], manual ? hintId : ''].filter(Boolean).join(' ') ||
              undefined
            }
          />
        )}
      </TextControl>
      {manual ? (
        <div className="school-search__manual">
          <p id={hintId} className="question__hint">
            {manualSchoolHint()}
          </p>
          <QuestionList questions={others} />
          <button type="button" className="question-link" onClick={() => setManual(false)}>
            {questionText('school.searchInstead')}
          </button>
        </div>
      ) : (
        <div className="school-search__chosen">
          {ceeb !== '' && <p className="school-search__line">{line}</p>}
          <button type="button" className="question-link" onClick={() => setManual(true)}>
            I can&apos;t find my school
          </button>
        </div>
      )}
    </div>
  );
}
