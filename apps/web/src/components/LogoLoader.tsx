import { useTranslation } from 'react-i18next';
import { BrandIcon } from './BrandIcon.tsx';

/** Full-area loading state: the animated logo (spec 1 §2). */
export function LogoLoader() {
  const { t } = useTranslation('common');
  return (
    <div className="logo-loader" role="status">
      <BrandIcon size={56} className="logo-loader__icon" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
