import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppAbility } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session.ts';
import { canOpenRoute } from '../access.ts';
import { MENU_GROUPS, ROUTES } from '../routes.tsx';
import { buildMenu, selectedMenuPath, type MenuLeaf, type MenuNode } from './build-menu.ts';
import { MENU_ICONS } from './menu-icons.ts';

type Items = NonNullable<MenuProps['items']>;

export function SideMenu({ theme }: { theme: 'light' | 'dark' }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const ability = useAppAbility();
  const { pathname } = useLocation();
  const nodes = useMemo(() => buildMenu(ROUTES, MENU_GROUPS, (route) => canOpenRoute(route, session, ability)), [session, ability]);
  const selected = selectedMenuPath(nodes, pathname);

  const toItem = (leaf: MenuLeaf) => {
    const Icon = leaf.icon && MENU_ICONS[leaf.icon];
    return { key: leaf.key, icon: Icon ? <Icon /> : undefined, label: <Link to={leaf.path}>{t(leaf.label)}</Link> };
  };
  const items: Items = nodes.map((node: MenuNode) => {
    if (node.kind === 'item') return toItem(node);
    const Icon = MENU_ICONS[node.icon];
    return { key: node.key, icon: <Icon />, label: t(node.label), children: node.children.map(toItem) };
  });

  return (
    <Menu id="side-menu" data-testid="side-menu" mode="inline" theme={theme} items={items} selectedKeys={selected ? [selected] : []} />
  );
}
