/**
 * The forms workflow gives a broken pull request its whole review (issue 39): forms:check's
 * failure does not stop forms:diff, the screenshots or the tests, and the job still fails on it
 * at the end. Formatting never fails an author: prettier ignores forms/ and schemas/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getFileInfo } from 'prettier';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  'continue-on-error'?: boolean;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(
  readFileSync(path.join(root, '.github/workflows/forms.yml'), 'utf8'),
) as Workflow;
const steps = Object.values(workflow.jobs)[0]!.steps;
const index = (command: string) => steps.findIndex((s) => s.run?.includes(command));

describe('the forms workflow', () => {
  it('runs forms:check without stopping there, then forms:diff, the screenshots and the tests', () => {
    const check = steps[index('npm run -s forms:check')]!;
    expect(check).toMatchObject({ id: 'check', 'continue-on-error': true });
    const later = ['forms:diff', 'forms:screenshots', 'vitest run'].map(index);
    expect(later.every((i) => i > index('npm run -s forms:check'))).toBe(true);
    for (const i of later) expect(steps[i]!.if).toBe('${{ !cancelled() }}');
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload?.if).toBe('${{ !cancelled() }}');
  });

  it("fails at the end on forms:check's outcome", () => {
    const last = steps.at(-1)!;
    expect(last.if).toBe("${{ steps.check.outcome == 'failure' }}");
    expect(last.run).toContain('exit 1');
  });

  it('lets prettier ignore the forms and schemas, and nothing else of the sources', async () => {
    const ignorePath = path.join(root, '.prettierignore');
    for (const file of ['forms/about.json', 'schemas/about.schema.json'])
      expect((await getFileInfo(path.join(root, file), { ignorePath })).ignored).toBe(true);
    for (const file of [
      'src/engine/conditions.ts',
      'tests/fixtures/forms-diff/forms/study.json',
      'src/forms/form-pages.ts',
    ])
      expect((await getFileInfo(path.join(root, file), { ignorePath })).ignored).toBe(false);
  });
});
