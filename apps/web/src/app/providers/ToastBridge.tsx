import { App } from 'antd';
import { useEffect } from 'react';
import { setToastSink } from '../../lib/toast.ts';

/** Sends the HTTP client's toasts to antd notifications, which follow the theme and direction. */
export function ToastBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    setToastSink((kind, message) => {
      notification[kind === 'default' ? 'info' : kind]({ title: message });
    });
  }, [notification]);
  return null;
}
