import type { AUTHENTICATION_MECHANISMS } from '@vellum/contract';

export type AuthenticationMechanism = (typeof AUTHENTICATION_MECHANISMS)[number];
