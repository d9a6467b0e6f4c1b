import type { ServerModule } from '../../platform/module.ts';
import { registerImageMarkerRoutes } from './image-markers.routes.ts';
import { registerTemplateRoutes } from './templates.routes.ts';
export const templatesModule: ServerModule = {
  name: 'templates',
  mount: (app, { db, files, config }) => {
    const aiService = { url: config.AI_SERVICE_URL, token: config.AI_SERVICE_TOKEN };
    registerTemplateRoutes(app, { db, uploadSlot: files.withUploadSlot, aiService });
    registerImageMarkerRoutes(app, { db, files });
  },
};
