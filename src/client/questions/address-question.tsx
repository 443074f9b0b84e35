import { useState } from 'react';
import { fallbackAnswers, lookupAnswers, searchKey } from '../../engine/lookup-answers';
import type { AddressQuestion as Definition } from '../../engine/definitions';
import type { BlockPart } from '../../engine/page-fields';
import { useFormStore } from '../form/form-context';
import { LOOKUP_DEBOUNCE, useLookupDetail, useLookupSearch } from '../form/lookup-api';
import { useDebouncedValue } from '../form/use-debounced-value';
import type { QuestionProps } from '../renderer/question-props';
import { QuestionNode } from '../renderer/question-list';
import { Autocomplete, type Suggestion } from './parts/autocomplete';
import { partsOf } from './parts/block-parts';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/** The first address line: typed text is the answer, and suggestions can fill the whole block. */
function AddressLine({ block, part }: { block: Definition; part: BlockPart }) {
  const store = useFormStore();
  const field = useKeyedField(part.key);
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed, LOOKUP_DEBOUNCE);
  const search = useLookupSearch('address', query);
  const detail = useLookupDetail('address');
  const results = typed.trim() !== '' && query.trim() !== '' ? (search.data ?? []) : [];
  const choose = (suggestion: Suggestion) => {
    setTyped('');
    detail.choose(
      suggestion.id,
      (record) => store.setAnswers(lookupAnswers(block, record, store.now())),
      () => store.setAnswers(fallbackAnswers(block, suggestion.text)),
    );
  };
  return (
    <TextControl view={field.view} variant={part.question.variant}>
      {(input) => (
        <Autocomplete
          {...input}
          value={field.value}
          maxLength={part.question.maxLength}
          autoComplete={part.question.autocomplete}
          suggestions={results.map((r) => ({ id: r.id, text: r.text, subText: r.sub_text }))}
          busy={search.isFetching}
          onInputChange={(next) => {
            field.set(next);
            setTyped(next);
          }}
          onChoose={choose}
          onBlur={() => setTyped('')}
        />
      )}
    </TextControl>
  );
}

/**
 * An address block (SPEC §3 "Address"): its parts are answers under the block's key prefix. The
 * country comes first and decides the state or province list (the engine hides the state for
 * other countries); the first line offers address suggestions, but typing is always enough.
 */
export function AddressQuestion({ question }: QuestionProps<'address'>) {
  const parts = partsOf(question);
  const lineKey = searchKey(question);
  const id = `${question.prefix}address`;
  return (
    <fieldset
      id={id}
      className="question question--group address"
      aria-describedby={question.hint ? `${id}-hint` : undefined}
    >
      {question.label && <legend className="question__label">{question.label}</legend>}
      {question.hint && (
        <p id={`${id}-hint`} className="question__hint">
          {question.hint}
        </p>
      )}
      {parts.map((part) =>
        part.key === lineKey ? (
          <AddressLine key={part.key} block={question} part={part} />
        ) : (
          <QuestionNode key={part.key} question={part.question} />
        ),
      )}
    </fieldset>
  );
}
