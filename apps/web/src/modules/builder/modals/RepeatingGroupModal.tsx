import { fixDeprecatedItem, subtreeEnd } from '@vigil/checklist';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate, useHasFeature } from '../../../components/FeatureGate.tsx';
import type { BuilderModalProps } from '../extensions.ts';

/**
 * The deprecated repeating-group wrapper (spec 2 §3-4): what it wraps and its repetitions, and the
 * conversion to a repeatable section holding the same items (`fixDeprecatedItem`). Loading already
 * turns a wrapper of a single item into that item made repeatable, so the ones left wrap several
 * items, or none.
 */
export function RepeatingGroupModal({ document, itemId, open, onApply, onClose }: BuilderModalProps) {
  const { t } = useTranslation(['builder-modals', 'builder', 'checklist']);
  const allowed = useHasFeature('ckl_repeater');
  const conversion = useMemo(() => fixDeprecatedItem(document, itemId), [document, itemId]);
  const index = document.items.findIndex((entry) => entry.id === itemId);
  const group = document.items[index];
  if (!group) return null;
  const wrapped = document.items.slice(index + 1, subtreeEnd(document.items, index)).filter((child) => child.depth === group.depth + 1);
  const settings = group.options.repeatable_settings;
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? t('repeating_group.not_set') : String(value);

  return (
    <Modal
      open={open}
      title={t('repeating_group.title', { title: group.title || t('builder:types.repeating_group') })}
      okText={t('repeating_group.convert')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !allowed || !conversion.ok }}
      onOk={() => {
        if (conversion.ok) onApply(conversion.value);
      }}
      onCancel={onClose}
    >
      <FeatureGate feature="ckl_repeater">
        <Alert
          type="warning"
          showIcon
          style={{ marginBlockEnd: 12 }}
          title={t('repeating_group.deprecated')}
          description={t('repeating_group.why')}
        />
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'wraps',
              label: t('repeating_group.wraps'),
              children:
                wrapped.length === 0 ? (
                  t('repeating_group.wraps_nothing')
                ) : (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="repeating-group-wraps">
                    {wrapped.map((child) => (
                      <li key={child.id}>
                        <bdi>{child.title || t(`builder:types.${child.type}`)}</bdi>
                      </li>
                    ))}
                  </ul>
                ),
            },
            { key: 'min', label: t('repeatable.min'), children: count(settings?.min) },
            { key: 'max', label: t('repeatable.max'), children: count(settings?.max) },
          ]}
        />
        <Typography.Paragraph style={{ marginBlockStart: 12 }}>{t('repeating_group.conversion')}</Typography.Paragraph>
        {!conversion.ok && (
          <Alert type="error" showIcon role="alert" title={t(`checklist:messages.${conversion.code}`, conversion.params)} />
        )}
      </FeatureGate>
    </Modal>
  );
}
