export { NotFoundPage } from './NotFoundPage.tsx';
export { WorkspaceNotFoundPage } from './WorkspaceNotFoundPage.tsx';
