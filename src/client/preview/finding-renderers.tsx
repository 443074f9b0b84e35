/**
 * The product's question components, each with forms:check's findings about its question drawn
 * just above it. A type no component draws (a misspelt type) gets a warning in its place instead
 * of breaking the page, as forms:check reports it.
 */
import { createContext, createElement, useContext } from 'react';
import type { PageDefinition, Question } from '../../engine/definitions';
import { walkDefinition } from '../../engine/walk-definition';
import { questionRenderers } from '../questions/question-renderers';
import type { QuestionComponent, QuestionProps } from '../renderer/question-props';
import type { QuestionRenderers } from '../renderer/question-renderers-context';
import type { PreviewFinding } from './preview-state';

/** Findings by the question they apply to, and by answer key (for questions drawn as copies). */
interface PlacedFindings {
  byQuestion: Map<Question, PreviewFinding[]>;
  byKey: Map<string, PreviewFinding[]>;
}

export const PlacedFindingsContext = createContext<PlacedFindings>({
  byQuestion: new Map(),
  byKey: new Map(),
});

const push = <K,>(map: Map<K, PreviewFinding[]>, key: K, finding: PreviewFinding) =>
  map.set(key, [...(map.get(key) ?? []), finding]);

/** Places a page's findings on its questions by their JSON pointers. */
export function placeFindings(
  page: PageDefinition,
  findings: readonly PreviewFinding[],
): PlacedFindings {
  const placed: PlacedFindings = { byQuestion: new Map(), byKey: new Map() };
  const mine = findings.filter((f) => f.pageId === page.id && f.questionPointer !== undefined);
  walkDefinition(page, {
    question({ question, pointer }) {
      for (const finding of mine.filter((f) => f.questionPointer === pointer)) {
        push(placed.byQuestion, question, finding);
        if ('key' in question && typeof question.key === 'string')
          push(placed.byKey, question.key, finding);
      }
    },
  });
  return placed;
}

export function FindingNotes({ findings }: { findings: readonly PreviewFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="preview-findings preview-findings--inline" aria-label="forms:check findings">
      {findings.map((f, i) => (
        <li key={i} className={`preview-finding preview-finding--${f.severity}`}>
          <strong>{f.severity === 'error' ? 'Error' : 'Warning'}</strong> {f.message}{' '}
          <code>{f.where}</code>
        </li>
      ))}
    </ul>
  );
}

function withFindings(Component: QuestionComponent): QuestionComponent {
  return function QuestionWithFindings(props: QuestionProps) {
    const { byQuestion, byKey } = useContext(PlacedFindingsContext);
    const { question } = props;
    const key = 'key' in question && typeof question.key === 'string' ? question.key : undefined;
    const findings = byQuestion.get(question) ?? (key ? byKey.get(key) : undefined) ?? [];
    return (
      <>
        <FindingNotes findings={findings} />
        {createElement(Component, props)}
      </>
    );
  };
}

function UnknownType({ question }: QuestionProps) {
  const { byQuestion } = useContext(PlacedFindingsContext);
  return (
    <div className="preview-unknown" role="note">
      <FindingNotes findings={byQuestion.get(question) ?? []} />
      <p>
        A question of type <code>{String(question.type)}</code>: no component draws it, so
        applicants would see nothing here.
      </p>
    </div>
  );
}

const wrapped = Object.fromEntries(
  Object.entries(questionRenderers).map(([type, component]) => [
    type,
    withFindings(component as QuestionComponent),
  ]),
);

/** Every type's component with its findings; any other type draws the unknown-type warning. */
export const previewRenderers = new Proxy(wrapped, {
  get: (target, type: string) => (Object.hasOwn(target, type) ? target[type] : UnknownType),
  // The Proxy answers every type; TypeScript cannot see that it satisfies the mapped record.
}) as unknown as QuestionRenderers;
