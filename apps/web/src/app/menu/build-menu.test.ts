import { ALL_PERMISSIONS, type Permission, type Plan } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../lib/ability.ts';
import { makeSession } from '../../test/session.ts';
import { canOpenRoute } from '../access.ts';
import { MENU_GROUPS, ROUTES } from '../routes.tsx';
import { buildMenu, selectedMenuPath, type MenuNode } from './build-menu.ts';

function menuFor(abilities: readonly Permission[], plan: Plan): MenuNode[] {
  const session = makeSession({ abilities: [...abilities], plan });
  const ability = defineAbilityFor(abilities);
  return buildMenu(ROUTES, MENU_GROUPS, (route) => canOpenRoute(route, session, ability));
}

function outline(nodes: MenuNode[]): (string | [string, string[]])[] {
  return nodes.map((node) => (node.kind === 'item' ? node.path : [node.key, node.children.map((c) => c.path)]));
}

describe('side menu', () => {
  it('shows every entry of spec 1 §2 in order with all permissions on the enterprise plan', () => {
    expect(outline(menuFor(ALL_PERMISSIONS, 'enterprise'))).toEqual([
      '/dashboard',
      '/assignment/list',
      '/assets',
      '/inspections',
      '/issues',
      ['group:analytics', ['/analytics/overview', '/analytics/issues', '/analytics/responses', '/analytics/reports']],
      ['group:resources', ['/resources/global-lists', '/resources/filemanager']],
      ['group:checklists', ['/checklist/templates', '/checklist/global-response/list', '/checklist/library']],
      '/user/list',
      '/user/role',
      '/group/list',
      ['group:logs', ['/log/activity-types', '/log/activity-log', '/log/user-activity-log']],
    ]);
  });

  it('hides entries the plan lacks: issues, analytics and global lists on the free plan', () => {
    const paths = JSON.stringify(outline(menuFor(ALL_PERMISSIONS, 'free')));
    expect(paths).not.toContain('/issues');
    expect(paths).not.toContain('group:analytics');
    expect(paths).not.toContain('/resources/global-lists');
    expect(paths).toContain('/resources/filemanager');
  });

  it('keeps only the analytics entries of the standard plan', () => {
    const analytics = menuFor(ALL_PERMISSIONS, 'standard').find((node) => node.key === 'group:analytics');
    expect(analytics?.kind === 'group' && analytics.children.map((c) => c.path)).toEqual(['/analytics/overview']);
  });

  it('hides entries without permission and drops empty groups', () => {
    expect(outline(menuFor([], 'enterprise'))).toEqual(['/dashboard']);
    expect(outline(menuFor(['USR_VIEW_GROUP_LIST', 'LOG_VIEW_MY_ACTIVITY'], 'free'))).toEqual([
      '/dashboard',
      '/group/list',
      ['group:logs', ['/log/activity-log']],
    ]);
  });

  it('selects the closest menu path of a detail page', () => {
    const nodes = menuFor(ALL_PERMISSIONS, 'enterprise');
    expect(selectedMenuPath(nodes, '/assets/42')).toBe('/assets');
    expect(selectedMenuPath(nodes, '/analytics/issues')).toBe('/analytics/issues');
    expect(selectedMenuPath(nodes, '/kb')).toBeUndefined();
  });
});
