import { z } from 'zod';
import { AuthStateSchema } from './auth.ts';
import { defineEndpoints } from './endpoint.ts';
import { RedirectAnswerSchema } from './envelope.ts';
import { FileAnswerSchema } from './files.ts';

/** Providers of the auth settings screen `/settings/organization/auth/{auth}`. */
export const SAML_PROVIDERS = ['saml2', 'okta'] as const;
export const SamlProviderSchema = z.enum(SAML_PROVIDERS);
export type SamlProvider = z.infer<typeof SamlProviderSchema>;
export const AUTH_PROVIDERS = [...SAML_PROVIDERS, 'cas'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const SSO_URL_MAX_LENGTH = 2048;
export const SSO_CERTIFICATE_MAX_LENGTH = 16_384;
export const SSO_ATTRIBUTE_MAX_LENGTH = 255;

/** An absolute http(s) URL; anything else (javascript:, file:, relative) is refused. */
export const httpUrl = () =>
  z
    .string()
    .trim()
    .max(SSO_URL_MAX_LENGTH)
    .refine(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: 'validation.url' },
    );

const optionalHttpUrl = () =>
  z
    .union([z.literal('').transform(() => null), httpUrl()])
    .nullable()
    .default(null);
const attribute = () => z.string().trim().min(1, { error: 'validation.required' }).max(SSO_ATTRIBUTE_MAX_LENGTH);

/** Which assertion attribute carries each user field; `nameID` means the subject's NameID. */
export const SamlAttributeMapSchema = z.strictObject({
  user_id: attribute(),
  email: attribute(),
  first_name: attribute(),
  last_name: attribute(),
});
export type SamlAttributeMap = z.infer<typeof SamlAttributeMapSchema>;

export const DEFAULT_SAML_ATTRIBUTES: SamlAttributeMap = {
  user_id: 'nameID',
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
};

export const SamlSettingsBodySchema = z.strictObject({
  provider: SamlProviderSchema,
  enabled: z.boolean(),
  sso_only: z.boolean(),
  metadata_url: optionalHttpUrl(),
  entity_id: z.string().trim().min(1, { error: 'validation.required' }).max(SSO_URL_MAX_LENGTH),
  sso_url: httpUrl(),
  slo_url: optionalHttpUrl(),
  /** PEM or bare base64 of the IdP's signing certificate; the server checks that it parses. */
  certificate: z.string().trim().min(1, { error: 'validation.required' }).max(SSO_CERTIFICATE_MAX_LENGTH),
  attributes: SamlAttributeMapSchema,
});
export type SamlSettingsBody = z.input<typeof SamlSettingsBodySchema>;
export type SamlSettingsValues = z.output<typeof SamlSettingsBodySchema>;

/** Our side of the federation, for the IdP's administrator. */
export const ServiceProviderInfoSchema = z.object({
  entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  /** The workspace's single sign-on entry, to hand to members. */
  login_url: z.string(),
});
export type ServiceProviderInfo = z.infer<typeof ServiceProviderInfoSchema>;

export const SamlSettingsSchema = z.object({
  configured: z.boolean(),
  provider: SamlProviderSchema,
  enabled: z.boolean(),
  sso_only: z.boolean(),
  metadata_url: z.string().nullable(),
  entity_id: z.string(),
  sso_url: z.string(),
  slo_url: z.string().nullable(),
  certificate: z.string(),
  /** Subject and validity of the stored certificate, when there is one. */
  certificate_info: z.object({ subject: z.string(), valid_to: z.string() }).nullable(),
  attributes: SamlAttributeMapSchema,
  service_provider: ServiceProviderInfoSchema,
});
export type SamlSettings = z.infer<typeof SamlSettingsSchema>;

export const SamlMetadataBodySchema = z.strictObject({ metadata_url: httpUrl() });
export type SamlMetadataBody = z.infer<typeof SamlMetadataBodySchema>;

/** What an IdP's metadata document tells: the fields the form fills in. */
export const SamlIdpMetadataSchema = z.object({
  entity_id: z.string(),
  sso_url: z.string(),
  slo_url: z.string().nullable(),
  certificate: z.string(),
});
export type SamlIdpMetadata = z.infer<typeof SamlIdpMetadataSchema>;

/** The app settings' CAS part (spec 1 §3). */
export const CasSettingsSchema = z.object({
  cas_enabled: z.boolean(),
  cas_url: z.string().nullable(),
  cas_logout_url: z.string().nullable(),
  cas_assertion_key: z.string().nullable(),
  cas_target_key: z.string().nullable(),
});
export type CasSettings = z.infer<typeof CasSettingsSchema>;

const parameterName = () =>
  z
    .union([
      z.literal('').transform(() => null),
      z
        .string()
        .trim()
        .max(64)
        .regex(/^[A-Za-z][\w.-]*$/, { error: 'validation.invalid' }),
    ])
    .nullable()
    .default(null);

export const CasSettingsBodySchema = z
  .strictObject({
    cas_enabled: z.boolean(),
    cas_url: optionalHttpUrl(),
    cas_logout_url: optionalHttpUrl(),
    cas_assertion_key: parameterName(),
    cas_target_key: parameterName(),
  })
  .refine((body) => !body.cas_enabled || body.cas_url, { path: ['cas_url'], error: 'validation.required' });
export type CasSettingsBody = z.input<typeof CasSettingsBodySchema>;

/** CAS defaults when the settings leave a key empty: the CAS protocol's own parameter names. */
export const CAS_DEFAULT_TARGET_KEY = 'service';

/** Outcomes the server hands to `/oauth-callback?error=…` when a sign-in is refused. */
export const SSO_ERRORS = ['not_configured', 'refused', 'unknown_user', 'expired'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** `AUTH_SSO_REQUIRED` answers carry where to go instead. */
export const SsoRequiredDataSchema = z.object({ url: z.string() });
export type SsoRequiredData = z.infer<typeof SsoRequiredDataSchema>;

/** What an IdP's page posts to our assertion consumer service (HTTP-POST binding). */
export const SamlAcsBodySchema = z.object({
  SAMLResponse: z
    .string()
    .min(1)
    .max(512 * 1024),
  RelayState: z.string().max(SSO_URL_MAX_LENGTH).optional(),
});

export const SsoAssertionParamsSchema = z.object({ assertion: z.string().min(1).max(512) });
export const CasAssertionQuerySchema = z.object({ workspace: z.uuid(), target: z.string().max(SSO_URL_MAX_LENGTH).optional() });
export const SsoWorkspaceParamsSchema = z.object({ workspace: z.uuid({ error: 'validation.invalid' }) });
export const SsoLoginQuerySchema = z.object({ target: z.string().max(SSO_URL_MAX_LENGTH).optional() });

/** The workspace's sign-on settings (premium plan, settings permissions). */
export const ssoSettingsEndpoints = defineEndpoints({
  'GET /api/settings/organization/auth/saml': { summary: 'SAML single sign-on settings of the workspace', response: SamlSettingsSchema },
  'PUT /api/settings/organization/auth/saml': {
    summary: 'Save the SAML identity provider and attribute mapping',
    body: SamlSettingsBodySchema,
    response: SamlSettingsSchema,
  },
  'POST /api/settings/organization/auth/saml/metadata': {
    summary: "Read an identity provider's metadata from its URL",
    body: SamlMetadataBodySchema,
    response: SamlIdpMetadataSchema,
  },
  'GET /api/settings/organization/auth/cas': { summary: 'CAS sign-on settings (app settings cas_*)', response: CasSettingsSchema },
  'PUT /api/settings/organization/auth/cas': {
    summary: 'Save the CAS sign-on settings',
    body: CasSettingsBodySchema,
    response: CasSettingsSchema,
  },
});

/**
 * The public sign-in flows. The browser follows the entry and the assertion consumer (redirects) and
 * downloads the metadata (a file): pages link to them, no page script calls them.
 */
export const ssoSignInEndpoints = defineEndpoints({
  'GET /api/sso/saml/:workspace/metadata': {
    summary: "The workspace's SAML service-provider metadata",
    params: SsoWorkspaceParamsSchema,
    response: FileAnswerSchema,
  },
  'GET /api/sso/:workspace/login': {
    summary: "The workspace's single sign-on entry: redirects to its IdP or CAS server",
    params: SsoWorkspaceParamsSchema,
    query: SsoLoginQuerySchema,
    response: RedirectAnswerSchema,
  },
  'POST /api/sso/saml/:workspace/acs': {
    summary: 'SAML assertion consumer service (HTTP-POST binding)',
    params: SsoWorkspaceParamsSchema,
    body: SamlAcsBodySchema,
    response: RedirectAnswerSchema,
  },
  'GET /api/user/auth/sso/:assertion': {
    summary: 'Finish a SAML sign-in with its one-time hand-off',
    params: SsoAssertionParamsSchema,
    response: AuthStateSchema,
  },
  'GET /api/user/auth/cas/:assertion': {
    summary: 'Finish a CAS sign-in with its service ticket',
    params: SsoAssertionParamsSchema,
    query: CasAssertionQuerySchema,
    response: AuthStateSchema,
  },
});

export type SsoEndpoints = typeof ssoSettingsEndpoints & typeof ssoSignInEndpoints;
