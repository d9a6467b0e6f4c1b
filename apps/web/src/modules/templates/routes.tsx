import { lazyPage, type AppRoute } from '../../app/route-types.ts';

const pages = () => import('./pages.ts');

export const templatesRoutes: readonly AppRoute[] = [
  {
    id: 'checklist_templates',
    path: '/checklist/templates',
    layout: 'vertical',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: lazyPage(pages, (m) => m.TemplateListPage),
    menu: { label: 'menu.checklist_templates', group: 'checklists', order: 80 },
  },
  {
    id: 'global_responses',
    path: '/checklist/global-response/list',
    layout: 'vertical',
    permissions: ['CKL_MANAGE_TEMPLATES'],
    lazy: lazyPage(pages, (m) => m.GlobalResponseListPage),
    menu: { label: 'menu.global_responses', group: 'checklists', order: 81 },
    help: 'global_responses',
  },
];
