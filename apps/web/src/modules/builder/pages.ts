export { BuilderPage } from './pages/BuilderPage.tsx';
