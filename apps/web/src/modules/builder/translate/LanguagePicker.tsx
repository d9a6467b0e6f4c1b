import { PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@vigil/contracts';
import { Button, Dropdown, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The template's own language: the source, never a translation. */
  sourceLang: string;
  languages: readonly Language[];
  value: Language | null;
  onChange: (lang: Language) => void;
  onAdd: (lang: Language) => void;
  adding: boolean;
}

/** Which of the template's translation languages to work on, and adding one. */
export function LanguagePicker({ sourceLang, languages, value, onChange, onAdd, adding }: Props) {
  const { t } = useTranslation('builder');
  const name = (lang: string) => ((LANGUAGES as readonly string[]).includes(lang) ? t(`translate.languages.${lang}`) : lang);
  const addable = LANGUAGES.filter((lang) => lang !== sourceLang && !languages.includes(lang));
  return (
    <div className="builder-translate-languages">
      <Space wrap>
        <Select<Language>
          aria-label={t('translate.language')}
          placeholder={t('translate.choose_language')}
          style={{ minWidth: 180 }}
          value={value ?? undefined}
          disabled={languages.length === 0}
          options={languages.map((lang) => ({ value: lang, label: name(lang) }))}
          onChange={onChange}
        />
        <Dropdown
          trigger={['click']}
          disabled={addable.length === 0}
          menu={{ items: addable.map((lang) => ({ key: lang, label: name(lang) })), onClick: ({ key }) => onAdd(key as Language) }}
        >
          <Button icon={<PlusOutlined aria-hidden />} loading={adding}>
            {t('translate.add_language')}
          </Button>
        </Dropdown>
      </Space>
      <Typography.Text type="secondary">{t('translate.from', { language: name(sourceLang) })}</Typography.Text>
    </div>
  );
}
