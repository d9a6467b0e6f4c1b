import type { Language } from '@vigil/contracts';
import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleFor } from '../../lib/i18n.ts';
import { isLanguage, isRtl } from '../../lib/language.ts';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.ts';
import { themeConfigFor, useSkin } from '../../lib/theme.ts';

/** antd theme (skin), direction and locale follow the chosen skin and language; motion follows the system's setting. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const skin = useSkin();
  const reducedMotion = usePrefersReducedMotion();
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  useEffect(() => {
    document.documentElement.dataset.skin = skin;
    document.documentElement.style.colorScheme = skin === 'dark' ? 'dark' : 'light';
  }, [skin]);

  return (
    <ConfigProvider
      theme={themeConfigFor(skin, reducedMotion)}
      direction={isRtl(language) ? 'rtl' : 'ltr'}
      locale={antdLocaleFor(language)}
    >
      {children}
    </ConfigProvider>
  );
}
