import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/use-phone.ts';

/** A toolbar's secondary actions behind one "More" button, so a phone's toolbar keeps to one line. */
export function MoreMenu({ items, iconOnly = false }: { items: NonNullable<MenuProps['items']>; iconOnly?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button icon={<EllipsisOutlined aria-hidden />} aria-label={iconOnly ? t('actions.more') : undefined}>
        {iconOnly ? null : t('actions.more')}
      </Button>
    </Dropdown>
  );
}

export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  /** The screen's main action: always a button of its own. */
  primary?: boolean;
}

/** A page header's actions: buttons on a wide screen; on a phone the main one and a "More" menu of the others. */
export function ToolbarActions({ actions }: { actions: ToolbarAction[] }) {
  const phone = usePhone();
  const secondary = actions.filter((action) => !action.primary);
  const button = (action: ToolbarAction) => (
    <Button key={action.key} type={action.primary ? 'primary' : 'default'} icon={action.icon} onClick={action.onClick}>
      {action.label}
    </Button>
  );
  if (!phone || secondary.length < 2) return <Space wrap>{actions.map(button)}</Space>;
  return (
    <Space>
      {actions.filter((action) => action.primary).map(button)}
      <MoreMenu items={secondary.map(({ key, label, icon, onClick }) => ({ key, label, icon, onClick }))} />
    </Space>
  );
}
