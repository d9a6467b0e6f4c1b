export { KbArticlePage } from './pages/KbArticlePage.tsx';
export { KbHomePage } from './pages/KbHomePage.tsx';
