export { registerTemplateRoutes } from './templates.routes.ts';
export { registerImageMarkerRoutes } from './image-markers.routes.ts';
export { featuresUsedBy } from './templates.service.ts';
