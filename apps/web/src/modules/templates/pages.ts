export { GlobalResponseListPage } from './pages/GlobalResponseListPage.tsx';
export { TemplateListPage } from './pages/TemplateListPage.tsx';
