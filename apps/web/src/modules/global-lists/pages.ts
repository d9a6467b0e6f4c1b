export { GlobalListArchivePage, GlobalListsPage } from './pages/GlobalListsPage.tsx';
export { GlobalListDetailPage } from './pages/GlobalListDetailPage.tsx';
export { GlobalListItemArchivePage, GlobalListItemsPage } from './pages/GlobalListItemsPage.tsx';
