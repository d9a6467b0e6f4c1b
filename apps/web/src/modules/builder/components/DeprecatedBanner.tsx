import { DEPRECATED_TYPES, fixAllDeprecated, succeed, type Item } from '@vigil/checklist';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { useEditor } from '../state/EditorContext.tsx';
import { useBuilderCommands } from './useBuilderCommands.tsx';

const DEPRECATED: ReadonlySet<string> = new Set(DEPRECATED_TYPES);

/** A number, so the banner re-renders only when the count changes, not on every edit. */
function deprecatedCount(items: readonly Item[]): number {
  let count = 0;
  for (const item of items) if (DEPRECATED.has(item.type)) count++;
  return count;
}

/** Spec 2 §8: the deprecated-types warning with Fix (each item replaced by its successor where it can be). */
export function DeprecatedBanner() {
  const { t } = useTranslation(['builder', 'checklist']);
  const commands = useBuilderCommands();
  const count = useEditor((state) => deprecatedCount(state.document.items));
  if (count === 0) return null;
  const fix = () => {
    let report: ReturnType<typeof fixAllDeprecated> | null = null;
    commands.run((doc) => {
      report = fixAllDeprecated(doc);
      return succeed(report.document);
    });
    const done = report as ReturnType<typeof fixAllDeprecated> | null;
    if (!done) return;
    if (done.fixed.length > 0) showToast('success', t('deprecated.fixed', { count: done.fixed.length }));
    const firstRefusal = done.refused[0];
    if (firstRefusal) {
      showToast(
        'warning',
        t('deprecated.refused', {
          count: done.refused.length,
          reason: t(`checklist:messages.${firstRefusal.refusal.code}`, firstRefusal.refusal.params),
        }),
      );
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title={t('deprecated.title')}
      description={t('deprecated.content')}
      action={
        <Button size="small" onClick={fix}>
          {t('deprecated.fix')}
        </Button>
      }
    />
  );
}
