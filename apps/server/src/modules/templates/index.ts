import type { ServerModule } from '../../platform/module.ts';
import { registerImageMarkerRoutes } from './image-markers.routes.ts';
import { registerTemplateRoutes } from './templates.routes.ts';

/** For inspections: the versions that can be started, and a pinned version's document (parsed once, kept in memory). */
export { searchStartableTemplates, startableVersion, versionDocument } from './startable-versions.ts';
/** For another module's query: the number of the template version a row pins (an SQL expression). */
export { versionNumberOf } from './templates.repo.ts';
export type { StartableVersionRow } from './templates.repo.ts';

export const templatesModule: ServerModule = {
  name: 'templates',
  mount: (app, { db, files, config }) => {
    const aiService = { url: config.AI_SERVICE_URL, token: config.AI_SERVICE_TOKEN };
    registerTemplateRoutes(app, { db, uploadSlot: files.withUploadSlot, aiService });
    registerImageMarkerRoutes(app, { db, files });
  },
};
