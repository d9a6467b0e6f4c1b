import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@vigil/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { IntentDropdown } from '../../components/intent-dropdown/IntentDropdown.tsx';
import { changeLanguage } from '../../lib/i18n.ts';
import { isLanguage, LANGUAGE_NAMES } from '../../lib/language.ts';
import { useSession } from '../../lib/session.ts';

/** Languages offered: the workspace's configured ones, else all four. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const configured = useSession()?.app_settings.langs;
  const languages = configured?.length ? configured : LANGUAGES;
  return (
    <IntentDropdown
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: languages.map((language) => ({
          key: language,
          'data-testid': `lang-option-${language}`,
          label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
      button={
        <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} data-testid="lang-switcher">
          <span className="header-switch__value">{i18n.language.toUpperCase()}</span>
        </Button>
      }
    />
  );
}
