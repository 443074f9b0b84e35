import type { Tab } from '../../engine/definitions';
import { ConfirmDialog } from '../components/confirm-dialog';
import { t } from '../i18n/documents-texts';

/** What the applicant reads before a tab switch deletes the file they uploaded. */
export const switchTabTexts = {
  title: (tab: string) => t('tabs.switchTitle', { tab }),
  body: (file: string) => t('tabs.switchBody', { file }),
  confirm: () => t('tabs.switch'),
  cancel: () => t('tabs.keep'),
};

/** The name a tab's file goes by in a sentence: its question's label, in lower case. */
function fileNameOf(tab: Tab | undefined): string {
  const question = tab?.questions.find((q) => 'key' in q && q.key === tab.file);
  return (question?.label ?? t('tabs.file')).toLowerCase();
}

interface SwitchTabDialogProps {
  /** The tab the applicant asked for, while they are asked; undefined when closed. */
  to: Tab | undefined;
  /** The tab on screen, which owns the file. */
  from: Tab | undefined;
  busy: boolean;
  onKeep: () => void;
  onSwitch: () => void;
}

/**
 * SPEC §4 deletes a tab's file when the applicant switches away from it: they are told first,
 * and keep the file unless they choose to switch.
 */
export function SwitchTabDialog({ to, from, busy, onKeep, onSwitch }: SwitchTabDialogProps) {
  return (
    <ConfirmDialog
      isOpen={to !== undefined}
      title={switchTabTexts.title(to?.label ?? '')}
      confirmLabel={switchTabTexts.confirm()}
      cancelLabel={switchTabTexts.cancel()}
      busy={busy}
      onCancel={onKeep}
      onConfirm={onSwitch}
    >
      <p>{switchTabTexts.body(fileNameOf(from))}</p>
    </ConfirmDialog>
  );
}
