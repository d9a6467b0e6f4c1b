import { lazyPage, type AppRoute } from '../../app/route-types.ts';
import { KB_PATH } from '../../lib/paths.ts';

const pages = () => import('./pages.ts');

export const kbRoutes: readonly AppRoute[] = [
  { id: 'kb', path: KB_PATH, layout: 'vertical', lazy: lazyPage(pages, (m) => m.KbHomePage) },
  { id: 'kb_article', path: `${KB_PATH}/articles/:slug`, layout: 'vertical', lazy: lazyPage(pages, (m) => m.KbArticlePage) },
];
