import { ErrorKeys, HEADER_ERROR, HEADER_PARAMS, type Problem } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { ApiError, parseParams } from './client';
import { describeError, errorKey, isAccountCall, sessionEndKey } from './errors';

const t = i18n.t.bind(i18n);

function apiError(status: number, problem?: Partial<Problem>, headers: Record<string, string> = {}, url = '/api/roles'): ApiError {
  const body = problem ? ({ type: 'about:blank', title: 'x', status, message: '', ...problem } as Problem) : undefined;
  return new ApiError(status, body, new Headers(headers), url);
}

describe('describeError (document 000 section 8)', () => {
  it('status 0: server not reachable', () => {
    expect(describeError(new ApiError(0, undefined, undefined, '/api/roles'), t)).toEqual({ messages: ['Server not reachable'] });
  });

  it('400 with an application error header: that message with its params', () => {
    const err = apiError(400, { message: ErrorKeys.slugExists, params: { slug: 'x' } }, { [HEADER_ERROR]: ErrorKeys.slugExists });
    expect(describeError(err, t)?.messages).toEqual(['A business unit with this slug already exists.']);
  });

  it('400 params from the header when the body has none', () => {
    const err = apiError(400, undefined, {
      [HEADER_ERROR]: 'error.test.withParam',
      [HEADER_PARAMS]: encodeURIComponent(JSON.stringify({ name: 'Roles' })),
    });
    expect(err.appParams).toEqual({ name: 'Roles' });
    i18n.addResource('en', 'translation', 'error.test.withParam', 'Bad {{name}}');
    expect(describeError(err, t)?.messages).toEqual(['Bad Roles']);
  });

  it('400 validation: field errors listed, Min/Max/DecimalMin/DecimalMax shown as Size', () => {
    const err = apiError(
      400,
      {
        message: ErrorKeys.validation,
        fieldErrors: [
          { objectName: 'body', field: 'maxLoginAttempts', message: 'Min' },
          { objectName: 'body', field: 'price', message: 'DecimalMax' },
          { objectName: 'body', field: 'name', message: 'NotBlank' },
          { objectName: 'body', field: 'newPassword', message: 'customInput.password.errors.tooWeak' },
          { objectName: 'body', field: 'other', message: 'Invalid input: expected string' },
        ],
      },
      { [HEADER_ERROR]: ErrorKeys.validation },
    );
    const notice = describeError(err, t);
    expect(notice?.title).toBe('Validation error on the server.');
    expect(notice?.messages).toEqual([
      'Error on field "maxLoginAttempts": does not meet the size requirements',
      'Error on field "price": does not meet the size requirements',
      'Error on field "name": cannot be empty',
      expect.stringContaining('The password is too weak'),
      'Error on field "other": Invalid input: expected string',
    ]);
  });

  it('400 without header or field errors: the message, else Bad request', () => {
    expect(describeError(apiError(400, { message: ErrorKeys.duplicate }), t)?.messages).toEqual(['Duplicate; Entry already exists']);
    expect(describeError(apiError(400, { message: 'Some plain text' }), t)?.messages).toEqual(['Some plain text']);
    expect(describeError(apiError(400), t)?.messages).toEqual(['Bad request.']);
  });

  it('401: nothing here (the session layer handles it)', () => {
    expect(describeError(apiError(401, { message: ErrorKeys.sessionExpired, code: 'token.expired' }), t)).toBeNull();
  });

  it('404: Not found', () => {
    expect(describeError(apiError(404, { message: ErrorKeys.notFound }), t)?.messages).toEqual(['Not found']);
  });

  it('other statuses: the translated message, else Unknown error!', () => {
    expect(describeError(apiError(409, { message: ErrorKeys.concurrencyFailure }), t)?.messages).toEqual([
      'Another user modified this data at the same time as you. Your changes were rejected.',
    ]);
    expect(describeError(apiError(403, { message: ErrorKeys.forbidden }), t)?.messages).toEqual([
      'You are not authorized to access this page.',
    ]);
    expect(describeError(apiError(502), t)?.messages).toEqual(['Unknown error!']);
  });

  it('errors without a response: their message, else Unknown error!', () => {
    expect(describeError(new Error('boom'), t)?.messages).toEqual(['boom']);
    expect(describeError('???', t)?.messages).toEqual(['Unknown error!']);
  });
});

describe('sessionEndKey', () => {
  it('token.inactive and token.expired have their own message', () => {
    expect(sessionEndKey(apiError(401, { code: 'token.inactive' }))).toBe(ErrorKeys.tokenInactive);
    expect(sessionEndKey(apiError(401, { code: 'token.expired' }))).toBe(ErrorKeys.sessionExpired);
    expect(sessionEndKey(apiError(401, { code: 'token.invalid' }))).toBeUndefined();
  });

  it('is silent for account calls', () => {
    const err = apiError(401, { code: 'token.expired' }, {}, '/api/account?cacheBuster=1');
    expect(isAccountCall(err)).toBe(true);
    expect(sessionEndKey(err)).toBeUndefined();
    expect(isAccountCall(apiError(401, {}, {}, '/api/account/change-password'))).toBe(true);
    expect(isAccountCall(apiError(401, {}, {}, '/api/accounts-report'))).toBe(false);
  });
});

describe('helpers', () => {
  it('errorKey reads the body message, else the header', () => {
    expect(errorKey(apiError(400, { message: ErrorKeys.invalidPassword }))).toBe(ErrorKeys.invalidPassword);
    expect(errorKey(apiError(400, undefined, { [HEADER_ERROR]: ErrorKeys.resetKeyInvalid }))).toBe(ErrorKeys.resetKeyInvalid);
    expect(errorKey(new Error('x'))).toBeUndefined();
  });

  it('parseParams reads JSON objects and single values', () => {
    expect(parseParams(encodeURIComponent('{"a":1}'))).toEqual({ a: 1 });
    expect(parseParams(encodeURIComponent('Role 7'))).toEqual({ param: 'Role 7' });
    expect(parseParams('12')).toEqual({ param: 12 });
    expect(parseParams(null)).toBeUndefined();
  });
});
