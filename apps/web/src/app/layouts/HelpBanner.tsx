import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KB_PATH } from '../../lib/paths.ts';
import { usePhone } from '../../lib/use-phone.ts';
import type { HelpTopic } from '../route-types.ts';

const STORAGE_KEY = 'vigil.dismissed-help';

function readDismissed(): HelpTopic[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? (value as HelpTopic[]) : [];
  } catch {
    return [];
  }
}

/** A dismissible hint linking to the knowledge base; dismissal is kept in this browser. */
export function HelpBanner({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation('shell');
  const [dismissed, setDismissed] = useState(readDismissed);
  const phone = usePhone();
  if (dismissed.includes(topic)) return null;
  const readMore = <Link to={KB_PATH}>{t('help.read_more')}</Link>;

  const dismiss = () => {
    const next = [...dismissed, topic];
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setDismissed(next);
  };

  return (
    <Alert
      className="help-banner"
      type="info"
      showIcon
      data-testid="help-banner"
      // On a phone the link follows the hint, so the hint reads across the banner's width.
      title={
        phone ? (
          <>
            {t(`help.${topic}`)} {readMore}
          </>
        ) : (
          t(`help.${topic}`)
        )
      }
      action={phone ? undefined : readMore}
      closable={{ onClose: dismiss, 'aria-label': t('help.dismiss') }}
    />
  );
}
