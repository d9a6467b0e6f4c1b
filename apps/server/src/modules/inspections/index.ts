import type { ServerModule } from '../../platform/module.ts';
import { inspectionPdfJob, inspectionPdfSweepJob } from './inspection-pdf.job.ts';
import { PDF_QUEUE, PDF_SWEEP_QUEUE } from './inspection-pdf.service.ts';
import { registerInspectionReportRoutes } from './inspection-reports.routes.ts';
import { registerInspectionRoutes } from './inspections.routes.ts';

export const inspectionsModule: ServerModule = {
  name: 'inspections',
  mount: (app, { db, database, files, pdf, jobs, config }) => {
    registerInspectionRoutes(app, { db, files });
    registerInspectionReportRoutes(app, { db, files, publicUrl: config.PUBLIC_URL });
    jobs.declare({
      name: PDF_QUEUE,
      // One retry: a crashed browser is launched again; a page that never gets ready will not the second time either.
      retryLimit: 1,
      retryDelaySeconds: 5,
      expireInSeconds: 300,
      handler: inspectionPdfJob({ database, files, printer: pdf, internalUrl: config.INTERNAL_URL, logger: app.log }),
    });
    jobs.declare({ name: PDF_SWEEP_QUEUE, cron: '17 * * * *', retryLimit: 2, handler: inspectionPdfSweepJob({ database, files }) });
  },
};
