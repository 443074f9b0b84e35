import { useCallback, useState, type ClipboardEvent } from 'react';
import type { KeyedQuestion, PageDefinition, Question, Section } from '../../../engine/definitions';
import { visibleKeys } from '../../../engine/visibility';
import { walkDefinition } from '../../../engine/walk-definition';
import { useFormStore } from '../../form/form-context';
import { usePage } from '../../form/page-context';
import type { TextMask } from './text-masks';
import { t } from '../../i18n/i18n';

/** What the applicant is told after a paste or an autofill the mask would have cut. */
export const pasteMessages = {
  moved: (pasted: string, from: string, to: string) => t('paste.moved', { pasted, from, to }),
  refused: (pasted: string, from: string) => t('paste.refused', { pasted, from }),
  occupied: (pasted: string, from: string, to: string) => t('paste.occupied', { pasted, from, to }),
};

/**
 * The questions of the section that asks `question`: a parent's phone must never send a number
 * to the applicant's own International Phone in another section.
 */
function sectionMates(page: PageDefinition, question: KeyedQuestion): Question[] {
  const bySection = new Map<Section, Question[]>();
  let home: Section | undefined;
  walkDefinition(page, {
    question: ({ question: q, section }) => {
      bySection.set(section, [...(bySection.get(section) ?? []), q]);
      if (q === question || ('key' in q && q.key === question.key)) home = section;
    },
  });
  return home ? (bySection.get(home) ?? []) : [];
}

/**
 * A number put in whole (a paste, a browser's autofill, a keyboard's suggestion) that the mask
 * would cut goes to the page's question made for it (found in the definitions by its autocomplete
 * token, in the same section, and only while it shows), or is refused with a message: never cut
 * without a word. Returns the paste handler, `take` for a whole value the input received some
 * other way (true when it was moved or refused, so the input keeps what it held), and the message.
 */
export function usePasteElsewhere(question: KeyedQuestion, mask: TextMask, label: string) {
  const store = useFormStore();
  const page = usePage();
  const [note, setNote] = useState('');

  const take = useCallback(
    (text: string): boolean => {
      const pasted = text.trim();
      if (!mask.cuts?.(pasted)) return false;
      const state = store.getState();
      const shown = new Set(visibleKeys(page, state));
      const target = sectionMates(page, question).find(
        (q): q is KeyedQuestion =>
          'key' in q &&
          q.key !== question.key &&
          mask.elsewhere !== undefined &&
          q.autocomplete === mask.elsewhere &&
          shown.has(q.key),
      );
      if (!target) {
        setNote(pasteMessages.refused(pasted, label));
        return true;
      }
      const to = target.label ?? target.key;
      const held = state.answers[target.key] ?? '';
      if (held !== '' && held !== pasted) {
        setNote(pasteMessages.occupied(pasted, label, to));
        return true;
      }
      store.setAnswer(target.key, pasted);
      setNote(pasteMessages.moved(pasted, label, to));
      return true;
    },
    [store, page, question, mask, label],
  );
  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLInputElement>) => {
      if (take(event.clipboardData.getData('text'))) event.preventDefault();
    },
    [take],
  );
  const clear = useCallback(() => setNote(''), []);
  return { note, onPaste, take, clear };
}
