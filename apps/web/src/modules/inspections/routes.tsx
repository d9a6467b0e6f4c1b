import { lazyPage, type AppRoute } from '../../app/route-types.ts';
import { openEarly } from './session/opening.ts';

const pages = () => import('./pages.ts');

export const inspectionsRoutes: readonly AppRoute[] = [
  {
    id: 'inspections',
    path: '/inspections',
    layout: 'vertical',
    // Conductors see their own inspections, whatever else they hold (docs/inspections.md).
    permissions: ['INS_VIEW_INSPECTION_LIST', 'INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    lazy: lazyPage(pages, (m) => m.InspectionListPage),
    menu: { label: 'menu.inspections', icon: 'FileSearchOutlined', order: 40 },
    help: 'inspections',
  },
  {
    id: 'inspections_archive',
    path: '/inspections/archive',
    layout: 'vertical',
    permissions: ['INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    lazy: lazyPage(pages, (m) => m.InspectionArchivePage),
  },
  {
    id: 'inspection_start',
    path: '/inspections/start',
    layout: 'vertical',
    permissions: ['INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    lazy: lazyPage(pages, (m) => m.StartInspectionPage),
  },
  {
    id: 'inspection',
    path: '/inspections/:id',
    // The whole screen: on a phone held upright the renderer needs every pixel.
    layout: 'blank',
    fullScreen: true,
    // Its auditor, a reader of reports, a reader of the archive (an archived one) and a manager (docs/inspections.md).
    permissions: ['INS_CONDUCT_INSPECTIONS', 'INS_VIEW_INSPECTION_REPORT', 'INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    // A chunk of its own (the lists' table code is not the phone's to load), and the inspection asked alongside it.
    lazy: lazyPage(
      () => import('./pages/InspectionPage.tsx'),
      (m) => m.InspectionPage,
    ),
    prefetch: ({ id }) => {
      if (id) openEarly(id);
    },
  },
  {
    id: 'inspection_report',
    path: '/inspections/:id/view-report',
    layout: 'vertical',
    // Who may open the inspection reads its report; the server decides per inspection (docs/inspections.md "Report").
    permissions: ['INS_CONDUCT_INSPECTIONS', 'INS_VIEW_INSPECTION_REPORT', 'INS_VIEW_ARCHIVED_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'],
    // A chunk of its own: the report reads no renderer.
    lazy: lazyPage(
      () => import('./pages/InspectionReportPage.tsx'),
      (m) => m.InspectionReportPage,
    ),
  },
  {
    id: 'shared_report',
    path: '/shared/inspections/:token',
    // For anyone holding the link, signed in or not; also the PDF's print view (`?print=1`).
    layout: 'blank',
    open: true,
    lazy: lazyPage(
      () => import('./pages/SharedReportPage.tsx'),
      (m) => m.SharedReportPage,
    ),
  },
];
