import { PLAN_BULLETS, PLAN_FEATURES, PLANS, SKINS } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/shell.json';
import enCommon from '../locales/en/common.json';
import enPlans from '../locales/en/plans.json';
import enKb from '../locales/en/kb.json';
import { KB_ARTICLES } from '../modules/kb/articles.ts';
import { MENU_GROUPS, NOT_FOUND_ROUTE, ROUTES } from './routes.tsx';

describe('route table', () => {
  const all = [...ROUTES, NOT_FOUND_ROUTE];

  it('has unique ids and paths', () => {
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
  });

  it('gives a route either one audience flag or a session requirement, never both flags', () => {
    for (const route of all) expect(route.public && route.open, route.id).toBeFalsy();
  });

  it('puts help banners on exactly the paths of spec 1 §2', () => {
    expect(
      ROUTES.filter((r) => r.help)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/dashboard',
        '/checklist/global-response/list',
        '/assignment/list',
        '/inspections',
        '/issues',
        '/assets',
        '/resources/global-lists',
        '/resources/filemanager',
        '/analytics/overview',
        '/analytics/issues',
        '/analytics/responses',
        '/analytics/reports',
        '/user/list',
        '/group/list',
        '/user/role',
        '/settings/organization',
        '/settings/checklist',
        '/settings/report',
        '/settings/user',
        '/settings/security',
        '/user/account-settings',
      ].sort(),
    );
  });

  it('has an English title, menu label and help text for every entry', () => {
    const titles: Record<string, string> = en.routes;
    const menu: Record<string, string> = en.menu;
    const help: Record<string, string> = en.help;
    for (const route of all) {
      expect(titles[route.id], `routes.${route.id}`).toBeTruthy();
      if (route.menu) expect(menu[route.menu.label.replace('menu.', '')], route.menu.label).toBeTruthy();
      if (route.help) expect(help[route.help], `help.${route.help}`).toBeTruthy();
    }
    for (const group of Object.values(MENU_GROUPS)) expect(menu[group.label.replace('menu.', '')]).toBeTruthy();
  });
});

describe('translations of contract values', () => {
  it('names every plan, plan feature, bullet, skin and article', () => {
    for (const plan of PLANS) expect(enCommon.plans[plan]).toBeTruthy();
    for (const feature of PLAN_FEATURES) expect(enCommon.features[feature]).toBeTruthy();
    for (const bullet of Object.values(PLAN_BULLETS).flat()) expect(enPlans.bullets[bullet]).toBeTruthy();
    for (const plan of PLANS) expect(enPlans.tagline[plan]).toBeTruthy();
    for (const skin of SKINS) expect(en.skins[skin]).toBeTruthy();
    for (const slug of KB_ARTICLES) expect(enKb.articles[slug].sections.length).toBeGreaterThan(0);
  });
});
