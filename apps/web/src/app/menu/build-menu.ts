import type { AppRoute, MenuGroupId } from '../route-types.ts';
import type { MenuIcon } from './menu-icons.ts';

export interface MenuLeaf {
  kind: 'item';
  key: string;
  path: string;
  label: string;
  icon?: MenuIcon;
}

export interface MenuGroup {
  kind: 'group';
  key: `group:${MenuGroupId}`;
  label: string;
  icon: MenuIcon;
  children: MenuLeaf[];
}

export type MenuNode = MenuLeaf | MenuGroup;

/** The routes with a menu entry, in menu order (modules declare their routes in any order). */
export function byMenuOrder(routes: readonly AppRoute[]): AppRoute[] {
  return routes.filter((route) => route.menu).sort((a, b) => a.menu!.order - b.menu!.order);
}

/**
 * The side menu in menu order: a group sits where its first entry is; entries the
 * user may not open are left out, and so are groups left empty.
 */
export function buildMenu(
  routes: readonly AppRoute[],
  groups: Record<MenuGroupId, { label: string; icon: MenuIcon }>,
  canOpen: (route: AppRoute) => boolean,
): MenuNode[] {
  const nodes: MenuNode[] = [];
  const byGroup = new Map<MenuGroupId, MenuGroup>();
  for (const route of byMenuOrder(routes)) {
    if (!route.menu || !canOpen(route)) continue;
    const leaf: MenuLeaf = { kind: 'item', key: route.path, path: route.path, label: route.menu.label, icon: route.menu.icon };
    const groupId = route.menu.group;
    if (!groupId) {
      nodes.push(leaf);
      continue;
    }
    let group = byGroup.get(groupId);
    if (!group) {
      group = { kind: 'group', key: `group:${groupId}`, ...groups[groupId], children: [] };
      byGroup.set(groupId, group);
      nodes.push(group);
    }
    group.children.push(leaf);
  }
  return nodes;
}

/** The menu path that is the current path or its closest parent (`/assets/42` selects `/assets`). */
export function selectedMenuPath(nodes: readonly MenuNode[], pathname: string): string | undefined {
  const paths = nodes.flatMap((node) => (node.kind === 'group' ? node.children : [node])).map((leaf) => leaf.path);
  return paths.filter((path) => pathname === path || pathname.startsWith(`${path}/`)).sort((a, b) => b.length - a.length)[0];
}
