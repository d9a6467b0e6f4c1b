import { ExclamationCircleFilled } from '@ant-design/icons';
import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast.ts';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** Runs on OK; the dialog shows progress and stays open if it fails (the HTTP client reports the error). */
  onConfirm: () => Promise<unknown>;
  /** Shown after success. Without it, the server's own message (already shown) or a generic one. */
  successMessage?: string;
}

function hasServerMessage(result: unknown): boolean {
  return typeof result === 'object' && result !== null && typeof (result as { message?: unknown }).message === 'string';
}

/** A confirm dialog (spec 1 §4): warning icon, cancel button, success message after the action. */
export function useConfirmDialog(): (options: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  const { t } = useTranslation('common');
  return useCallback(
    async (options: ConfirmOptions) =>
      await modal.confirm({
        icon: <ExclamationCircleFilled />,
        title: options.title,
        content: options.content,
        okText: options.okText ?? t('actions.confirm'),
        cancelText: t('actions.cancel'),
        okButtonProps: { danger: options.danger },
        onOk: async () => {
          const result = await options.onConfirm();
          if (options.successMessage) showToast('success', options.successMessage);
          else if (!hasServerMessage(result)) showToast('success', t('confirm.done'));
        },
      }),
    [modal, t],
  );
}
