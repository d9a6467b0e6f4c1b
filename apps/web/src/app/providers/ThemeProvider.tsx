import type { Language } from '@vigil/contracts';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import arEG from 'antd/locale/ar_EG';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, isRtl } from '../../lib/language.ts';
import { themeConfigFor, useSkin } from '../../lib/theme.ts';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, fr: frFR, de: deDE, ar: arEG };

/** antd theme (skin), direction and locale follow the chosen skin and language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const skin = useSkin();
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  useEffect(() => {
    document.documentElement.dataset.skin = skin;
    document.documentElement.style.colorScheme = skin === 'dark' ? 'dark' : 'light';
  }, [skin]);

  return (
    <ConfigProvider
      theme={themeConfigFor(skin)}
      direction={isRtl(language) ? 'rtl' : 'ltr'}
      locale={ANTD_LOCALES[language]}
    >
      {children}
    </ConfigProvider>
  );
}
