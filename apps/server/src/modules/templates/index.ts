export { registerTemplateRoutes } from './templates.routes.ts';
export { featuresUsedBy } from './templates.service.ts';
