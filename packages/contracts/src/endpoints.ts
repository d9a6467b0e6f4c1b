import type { accountEndpoints } from './account.ts';
import type { assetEndpoints, assetLabelEndpoints } from './assets.ts';
import type { authEndpoints, securitySettingsEndpoints, twoFactorEndpoints } from './auth.ts';
import type { EndpointInput, EndpointKey, EndpointOutput } from './endpoint.ts';
import type { ChecklistSettingsEndpoints } from './checklist-settings.ts';
import type { fileEndpoints } from './files.ts';
import type { globalListEndpoints } from './global-lists.ts';
import type { groupEndpoints } from './groups.ts';
import type { assetImportEndpoints, globalListImportEndpoints, importEndpoints } from './imports.ts';
import type { inspectionEndpoints } from './inspections.ts';
import type { InspectionReportEndpoints } from './inspection-reports.ts';
import type { logEndpoints } from './logs.ts';
import type { planEndpoints } from './plans.ts';
import type { registrationEndpoints } from './registration.ts';
import type { workspaceEndpoints } from './my-workspaces.ts';
import type { roleEndpoints } from './roles.ts';
import type { savedQueryEndpoints } from './saved-queries.ts';
import type { siteEndpoints } from './sites.ts';
import type { SsoEndpoints } from './sso.ts';
import type { systemEndpoints } from './system.ts';
import type { TemplatesEndpoints } from './templates.ts';
import type { userEndpoints } from './users.ts';

/** Every module's calls, by key: a module adds its map here, one line (types only). */
export type Endpoints = typeof groupEndpoints &
  typeof assetEndpoints &
  typeof assetLabelEndpoints &
  typeof globalListEndpoints &
  typeof siteEndpoints &
  typeof importEndpoints &
  typeof assetImportEndpoints &
  typeof globalListImportEndpoints &
  typeof inspectionEndpoints &
  InspectionReportEndpoints &
  typeof logEndpoints &
  typeof savedQueryEndpoints &
  typeof roleEndpoints &
  typeof userEndpoints &
  ChecklistSettingsEndpoints &
  typeof workspaceEndpoints &
  typeof accountEndpoints &
  typeof systemEndpoints &
  typeof planEndpoints &
  TemplatesEndpoints &
  SsoEndpoints &
  typeof authEndpoints &
  typeof twoFactorEndpoints &
  typeof securitySettingsEndpoints &
  typeof registrationEndpoints &
  typeof fileEndpoints;

export type ApiKey = keyof Endpoints & EndpointKey;
export type ApiInput<K extends ApiKey> = EndpointInput<Endpoints[K]>;
export type ApiOutput<K extends ApiKey> = EndpointOutput<Endpoints[K]>;
