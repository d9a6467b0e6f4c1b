import { useSession } from '../lib/session.ts';
import { fileUrl } from '../lib/files.ts';
import { BrandIcon } from './BrandIcon.tsx';

/** The three display types of spec 1 §2: icon with label, full logo, icon only. */
export type BrandLogoVariant = 'icon-label' | 'full' | 'icon';

const DEFAULT_BRAND_NAME = 'Vigil';

export function useBrandName(): string {
  return useSession()?.app_settings.display_name || DEFAULT_BRAND_NAME;
}

export function BrandLogo({ variant }: { variant: BrandLogoVariant }) {
  const settings = useSession()?.app_settings;
  const name = useBrandName();
  if (variant === 'full' && settings?.logo_full) {
    return <img className="brand-logo__full" src={fileUrl(settings.logo_full)} alt={name} />;
  }
  const labelled = variant !== 'icon';
  const icon = settings?.logo ? (
    <img className="brand-logo__icon" src={fileUrl(settings.logo)} alt={labelled ? '' : name} />
  ) : (
    <BrandIcon className="brand-logo__icon" title={labelled ? undefined : name} />
  );
  return (
    <span className="brand-logo">
      {icon}
      {labelled && <span className="brand-logo__label">{name}</span>}
    </span>
  );
}
