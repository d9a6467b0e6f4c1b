export { PlansPage } from './pages/PlansPage.tsx';
