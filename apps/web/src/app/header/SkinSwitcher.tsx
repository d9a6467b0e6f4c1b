import { BgColorsOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { SKINS, type Skin } from '@vigil/contracts';
import { Button } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IntentDropdown } from '../../components/intent-dropdown/IntentDropdown.tsx';
import { isSkin, setSkin, useSkin } from '../../lib/theme.ts';

const SKIN_ICONS: Record<Skin, ComponentType> = { light: SunOutlined, 'semi-dark': BgColorsOutlined, dark: MoonOutlined };

export function SkinSwitcher() {
  const { t } = useTranslation('shell');
  const skin = useSkin();
  const Icon = SKIN_ICONS[skin];
  return (
    <IntentDropdown
      menu={{
        selectable: true,
        selectedKeys: [skin],
        items: SKINS.map((option) => {
          const OptionIcon = SKIN_ICONS[option];
          return { key: option, 'data-testid': `skin-option-${option}`, icon: <OptionIcon />, label: t(`skins.${option}`) };
        }),
        onClick: ({ key }) => {
          if (isSkin(key)) setSkin(key);
        },
      }}
      button={
        <Button type="text" icon={<Icon />} aria-label={t('header.skin', { skin: t(`skins.${skin}`) })} data-testid="skin-switcher" />
      }
    />
  );
}
