import { ExclamationCircleFilled } from '@ant-design/icons';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While `unsaved` holds, leaving asks first: another page of the app through a dialog (stay, or leave
 * and lose the changes), a reload or a closed tab through the browser's own question.
 */
export function useLeaveWarning(unsaved: boolean): void {
  const { modal } = App.useApp();
  const { t } = useTranslation('common');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      icon: <ExclamationCircleFilled />,
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.leave'),
      okButtonProps: { danger: true },
      cancelText: t('leave.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
}
