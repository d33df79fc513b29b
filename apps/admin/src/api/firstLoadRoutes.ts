import type {
  accountApi,
  businessUnitsApi,
  demoApi,
  managementApi,
  manufacturerApi,
  productTypesApi,
  ssoApi,
  validationRecordsApi,
} from '@vellum/contract';
import { routeRef } from './call';

/**
 * The routes the sign-in page and the shell call, by method and path checked against their
 * declarations (a changed path or method fails the type check): the first load stays without the
 * contract's zod schemas (decision 0054). Every other screen calls the declarations themselves.
 */
export const firstLoadRoutes = {
  authenticate: routeRef<typeof accountApi.authenticate>('POST', '/api/authenticate'),
  logout: routeRef<typeof accountApi.logout>('POST', '/api/logout'),
  endDemo: routeRef<typeof demoApi.end>('DELETE', '/api/demo-token'),
  account: routeRef<typeof accountApi.get>('GET', '/api/account'),
  authorization: routeRef<typeof accountApi.authorization>('GET', '/api/authorization'),
  changeExpiredPassword: routeRef<typeof accountApi.changeExpiredPassword>('POST', '/api/account/change-expired-password'),
  resetPasswordInit: routeRef<typeof accountApi.resetPasswordInit>('POST', '/api/account/reset-password/init'),
  resetPasswordFinish: routeRef<typeof accountApi.resetPasswordFinish>('POST', '/api/account/reset-password/finish'),
  authenticationMechanism: routeRef<typeof manufacturerApi.authenticationMechanism>(
    'GET',
    '/api/manufacturer/own/authentication-mechanism',
  ),
  ssoStart: routeRef<typeof ssoApi.start>('GET', '/api/authenticate/sso'),
  openIdAuthUrl: routeRef<typeof ssoApi.openIdAuthUrl>('GET', '/api/manufacturer/own/openid-auth-url'),
  manufacturerName: routeRef<typeof manufacturerApi.name>('GET', '/api/manufacturer/own/name'),
  features: routeRef<typeof manufacturerApi.features>('GET', '/api/manufacturer/own/features'),
  publicWebsiteUrl: routeRef<typeof manufacturerApi.publicWebsiteUrl>('GET', '/api/manufacturer/own/public-website-url'),
  businessUnits: routeRef<typeof businessUnitsApi.list>('GET', '/api/business-units'),
  businessUnitName: routeRef<typeof businessUnitsApi.displayName>('GET', '/api/business-units/:id/displayName'),
  managementInfo: routeRef<typeof managementApi.info>('GET', '/management/info'),
  productTypeName: routeRef<typeof productTypesApi.name>('GET', '/api/product-types/:id/name'),
  validationRecords: routeRef<typeof validationRecordsApi.link>('GET', '/api/account/validation-records'),
};
