export { SsoEntryButton } from './components/SsoEntryButton.tsx';
