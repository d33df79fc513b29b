/** Message keys of the error catalogue; the admin app translates them (i18n/en.json). */
export const ErrorKeys = {
  validation: 'error.validation',
  badRequest: 'error.http.400',
  unauthorized: 'error.http.401',
  forbidden: 'error.http.403',
  notFound: 'error.http.404',
  methodNotSupported: 'error.http.405',
  conflict: 'error.http.409',
  internal: 'error.http.500',
  concurrencyFailure: 'error.concurrencyFailure',
  duplicate: 'error.duplicate',
  sessionExpired: 'error.sessionExpired',
  tokenInactive: 'error.tokenInactive',
  authenticationFailed: 'error.authentication',
  credentialsExpired: 'error.credentialsExpired',
  accountLocked: 'error.accountLocked',
  technicalAccount: 'error.technicalAccount',
  ssoOnly: 'error.ssoOnly',
  tooManyRequests: 'error.http.429',
  invalidPassword: 'error.invalidPassword',
  existingOldPassword: 'error.existingOldPassword',
  resetKeyInvalid: 'error.resetKeyInvalid',
  loginAlreadyUsed: 'error.userexists',
  emailAlreadyUsed: 'error.emailexists',
  idExists: 'error.idexists',
  idInvalid: 'error.idnull',
  idMismatch: 'error.idinvalid',
  notAnImage: 'error.notAnImage',
  unsupportedContentType: 'error.unsupportedContentType',
  fileTooLarge: 'error.fileTooLarge',
  predefinedRole: 'error.role.predefined',
  roleInUse: 'error.role.inUse',
  superAdminGroup: 'error.userGroup.superAdmin',
  selfAction: 'error.user.self',
  slugExists: 'error.businessUnit.slugExists',
  slugCannotChange: 'error.businessUnit.slugCannotChange',
  englishRequired: 'error.businessUnit.englishRequired',
  businessUnitNotEmpty: 'error.businessUnit.notEmpty',
  demoReadOnly: 'error.demo.readOnly',
  demoEscalation: 'error.demo.escalation',
} as const;

export type ErrorKey = (typeof ErrorKeys)[keyof typeof ErrorKeys];

/** Problem titles that the admin app tells apart (spec 000 §8: password errors by title); others are titled by status. */
export const ERROR_TITLES: Readonly<Record<string, string>> = {
  [ErrorKeys.invalidPassword]: 'Invalid password',
  [ErrorKeys.existingOldPassword]: 'Existing old password',
  [ErrorKeys.credentialsExpired]: 'User credentials have expired',
  [ErrorKeys.accountLocked]: 'User account is locked',
};

/** The problem+json body every error response carries. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
  fieldErrors?: { objectName: string; field: string; message: string }[];
}

/** Headers that announce application errors and success alerts. */
export const HEADER_ERROR = 'x-vellum-error';
export const HEADER_ALERT = 'x-vellum-alert';
export const HEADER_PARAMS = 'x-vellum-params';
export const HEADER_TOTAL_COUNT = 'x-total-count';
