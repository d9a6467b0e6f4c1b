import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { AuthCard } from './AuthCard.tsx';

interface LinkSentCardProps {
  /** The flow's message keys: `<flow>.title`, `<flow>.sent_title`, `<flow>.sent_text`. */
  flow: 'register' | 'forgot';
  email: string;
}

/** What a person sees once a link is on its way to their inbox. */
export function LinkSentCard({ flow, email }: LinkSentCardProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t(`${flow}.title`)}>
      <Result
        status="success"
        title={t(`${flow}.sent_title`)}
        subTitle={t(`${flow}.sent_text`, { email })}
        extra={<Link to={LOGIN_PATH}>{t('back_to_login')}</Link>}
      />
    </AuthCard>
  );
}
