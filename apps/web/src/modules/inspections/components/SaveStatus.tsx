import {
  CheckCircleOutlined,
  CloudSyncOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
} from '@ant-design/icons';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../session/answer-saver.ts';

const BLOCKED_CODES = ['INS_ARCHIVED', 'INS_COMPLETED', '_FORBIDDEN'];

/**
 * What happened to the answers given, said once and announced politely (a live region). Plain text in
 * the header's colours (InspectionHeader) with a still icon: it changes with the first answer of every
 * burst, and antd's Typography or a spinning icon would cost every one of those answers a frame more.
 */
export const SaveStatus = memo(function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('inspections');
  let icon: ReactNode;
  let text: string;
  let type: 'secondary' | 'warning' | 'danger' = 'secondary';
  switch (state.kind) {
    case 'saved':
      icon = <CheckCircleOutlined aria-hidden />;
      text = t('save.saved');
      break;
    case 'saving':
      icon = <CloudUploadOutlined aria-hidden />;
      text = t('save.saving');
      break;
    case 'offline':
      icon = <DisconnectOutlined aria-hidden />;
      text = t('save.offline');
      type = 'warning';
      break;
    case 'retrying':
      icon = <CloudSyncOutlined aria-hidden />;
      text = t('save.retrying');
      type = 'warning';
      break;
    case 'invalid':
      icon = <ExclamationCircleOutlined aria-hidden />;
      text = t('save.invalid');
      type = 'danger';
      break;
    case 'blocked':
      icon = <ExclamationCircleOutlined aria-hidden />;
      text = BLOCKED_CODES.includes(state.code) ? t(`save.blocked.${state.code}`) : t('save.blocked.other');
      type = 'danger';
      break;
  }
  return (
    <span
      role="status"
      data-testid="inspection-save-state"
      data-state={state.kind}
      className={`inspection-save-state inspection-save-${type}`}
    >
      {icon} {text}
    </span>
  );
});
