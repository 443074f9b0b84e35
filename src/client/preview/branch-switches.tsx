/**
 * The preview's switches: "as after Submit", and one per answer a condition of the page reads,
 * which sets that answer in the store to each value it can take, so every branch can be seen.
 */
import { useSyncExternalStore } from 'react';
import type { FormStore } from '../form/form-store';
import type { BranchSwitch } from './preview-state';

function BranchSelect({ branch, store }: { branch: BranchSwitch; store: FormStore }) {
  const value = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getState().answers[branch.key] ?? '',
  );
  const id = `preview-branch-${branch.key}`;
  return (
    <div className="preview-switch">
      <label htmlFor={id}>
        Branch: <code>{branch.key}</code>
        {branch.label ? ` (${branch.label})` : ' (no page asks this key)'}
      </label>
      <select id={id} value={value} onChange={(e) => store.setAnswer(branch.key, e.target.value)}>
        <option value="">(no answer)</option>
        {branch.values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface SwitchesProps {
  branches: readonly BranchSwitch[];
  store: FormStore;
  afterSubmit: boolean;
  onAfterSubmit(on: boolean): void;
}

export function PreviewSwitches({ branches, store, afterSubmit, onAfterSubmit }: SwitchesProps) {
  return (
    <fieldset className="preview-switches">
      <legend>Preview switches</legend>
      <div className="preview-switch">
        <input
          id="preview-after-submit"
          type="checkbox"
          checked={afterSubmit}
          onChange={(e) => onAfterSubmit(e.target.checked)}
        />
        <label htmlFor="preview-after-submit">As after Submit (every message shown)</label>
      </div>
      {branches.map((branch) => (
        <BranchSelect key={branch.key} branch={branch} store={store} />
      ))}
    </fieldset>
  );
}
