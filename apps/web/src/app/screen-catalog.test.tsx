import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../locales/ar/kb.json';
import de from '../locales/de/kb.json';
import en from '../locales/en/kb.json';
import fr from '../locales/fr/kb.json';
import { initI18n, loadFullCatalogue } from '../lib/i18n.ts';
import { ScreenCatalogContext, type ScreenCatalog } from '../lib/screen-catalog.ts';
import { KB_ARTICLES } from '../modules/kb/articles.ts';
import { DashboardPage } from '../modules/dashboard/pages/DashboardPage.tsx';
import { KbArticlePage } from '../modules/kb/pages/KbArticlePage.tsx';
import { renderWithSession } from '../test/render.tsx';
import { makeSession } from '../test/session.ts';
import { describeScreens, ROUTES } from './routes.tsx';

const catalog = describeScreens(ROUTES);

function withShipped(ids: string[]): ScreenCatalog {
  return { ...catalog, shipped: new Set([...catalog.shipped, ...ids]) };
}

function renderArticle(screens: ScreenCatalog) {
  const router = createMemoryRouter([{ path: '/kb/articles/:slug', element: <KbArticlePage /> }], {
    initialEntries: ['/kb/articles/product-update'],
  });
  render(
    <ScreenCatalogContext value={screens}>
      <RouterProvider router={router} />
    </ScreenCatalogContext>,
  );
}

describe('the catalog of shipped screens', () => {
  it('lists built screens as shipped and placeholders as not', () => {
    expect(catalog.shipped.has('checklist_templates')).toBe(true);
    expect(catalog.shipped.has('dashboard')).toBe(true);
    expect(catalog.shipped.has('inspections')).toBe(true);
    expect(catalog.shipped.has('issues')).toBe(false);
  });

  it('names the menu entries and whole menu groups that are still coming soon, never a group with a built screen', () => {
    expect(catalog.comingSoonMenu).toEqual(expect.arrayContaining(['menu.issues', 'menu.analytics']));
    expect(catalog.comingSoonMenu).not.toContain('menu.inspections');
    expect(catalog.comingSoonMenu).not.toContain('menu.checklists');
    expect(catalog.comingSoonMenu).not.toContain('menu.users');
    expect(new Set(catalog.comingSoonMenu).size).toBe(catalog.comingSoonMenu.length);
  });

  it('drops an entry from the coming-soon list once its screen ships', () => {
    const issues = ROUTES.find((route) => route.id === 'issues')!;
    const shippedIssues = { ...issues, lazy: ROUTES.find((route) => route.id === 'dashboard')!.lazy };
    const routes = ROUTES.map((route) => (route.id === 'issues' ? shippedIssues : route));
    expect(describeScreens(routes).comingSoonMenu).not.toContain('menu.issues');
  });
});

describe('knowledge-base sections about a screen', () => {
  beforeAll(() => initI18n('en').then(loadFullCatalogue));

  it('name a real route, the same one in every language', () => {
    const routeIds = new Set(ROUTES.map((route) => route.id));
    for (const slug of KB_ARTICLES) {
      const screensOf = (kb: typeof en) => (kb.articles[slug].sections as { screen?: string }[]).map((section) => section.screen);
      const english = screensOf(en);
      for (const screenId of english) if (screenId) expect(routeIds.has(screenId), screenId).toBe(true);
      for (const other of [fr, de, ar]) expect(screensOf(other)).toEqual(english);
    }
  });

  it('are hidden while their screen is still coming soon', async () => {
    renderArticle(catalog);
    expect(await screen.findByRole('heading', { level: 2, name: 'Build a checklist template' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Run inspections' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Follow up on issues' })).toBeNull();
  });

  it('appear once the screen they describe has shipped', async () => {
    renderArticle(withShipped(['issues']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Follow up on issues' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Schedule the work' })).toBeNull();
  });
});

describe('the dashboard', () => {
  it('describes what exists and names what is still coming, in the list style of the language', async () => {
    await renderWithSession(
      <ScreenCatalogContext value={catalog}>
        <DashboardPage />
      </ScreenCatalogContext>,
      makeSession(),
    );
    const intro = (await screen.findByText(/helps you simplify audits/)).textContent ?? '';
    expect(intro).not.toMatch(/schedule inspections|follow up on issues/);
    // Resources left the list with its global lists (only its file manager is still to come).
    expect(intro).toMatch(/Coming next: Assignments, Issues, and Analytics\.$/);
    expect(screen.queryByText(/Run inspections from your phone/)).toBeNull();
  });
});
