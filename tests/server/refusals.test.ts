import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../contract/api/errorCodes';
import { bankAccountBody, expenseBody, paymentBody, signUp, type ApiResponse } from './helpers';
import { useCast } from './fixtures/cast';

/**
 * Every refusal says what kind it is (`code`, one of contract/api/errorCodes.ts) and, where
 * one input field is at fault, which (`field`, as the call names it), so that a client never
 * reads the message's words. Over HTTP, one refusal of each kind a form meets.
 */

const { server, admin, company } = useCast();

function expectRefusal(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.field).toBe(field);
  expect(ERROR_CODE_LIST).toContain(res.body.code);
}

describe('refusals', () => {
  it('a value that breaks a rule: validation, under its field', async () => {
    const res = await admin.api.post('/expense/addexpense', expenseBody({ amount: -1 }));
    expectRefusal(res, 400, 'validation', 'amount');
    // A rule the service checks names its field too.
    const unknown = await admin.api.post('/expense/addexpense', expenseBody({ category: 'nope' }));
    expectRefusal(unknown, 400, 'validation', 'category');
    // A NUL character is refused under the field that holds it.
    const nul = await admin.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'a\u0000b' }),
    );
    expectRefusal(nul, 400, 'validation', 'description');
  });

  it('a call that cannot be read: malformed_request, no field', async () => {
    const res = await admin.api.post('/expense/addexpense', '{not json');
    expectRefusal(res, 400, 'malformed_request');
  });

  it('a missing record or address: not_found', async () => {
    const res = await company.post(`/company/payments/${randomUUID()}/reverse`, {});
    expectRefusal(res, 404, 'not_found');
    expectRefusal(await admin.api.get('/no/such/call'), 404, 'not_found');
  });

  it('a debit the balance cannot cover: insufficient_balance, under the amount', async () => {
    const created = await company.post(
      '/company/createbank',
      bankAccountBody({ defaultStatus: 'deActive', openingBalance: 0 }),
    );
    expect(created.status).toBe(201);
    const res = await company.post(
      '/company/addpayment',
      paymentBody({
        accountId: created.body.data._id,
        date: '2026-11-10',
        remark: 'Rent',
        paymentType: 'debit',
        amount: 100,
      }),
    );
    expectRefusal(res, 400, 'insufficient_balance', 'amount');
  });

  it('an e-mail in use: duplicate, under the e-mail', async () => {
    const res = await server.api().post('/user/registeruser', {
      name: 'Again',
      email: admin.email.toUpperCase(),
      password: 'longenough1',
      cpassword: 'longenough1',
    });
    expectRefusal(res, 409, 'duplicate', 'email');
  });

  it('a wrong current password: wrong_password, under the field it came in', async () => {
    const me = await signUp(server);
    const res = await me.api.post('/user/updatepassword', {
      currentPassword: 'not it at all',
      newPassword: 'brand new secret',
      confirmPassword: 'brand new secret',
    });
    expectRefusal(res, 400, 'wrong_password', 'currentPassword');
  });

  it('a write by an admin: read_only; no session: unauthorized', async () => {
    const res = await admin.api.post('/company/createbank', bankAccountBody());
    expectRefusal(res, 403, 'read_only');
    expectRefusal(await server.api().get('/expense/getuserallexpenses'), 401, 'unauthorized');
  });

  it('a confirmation that does not match names the confirming field', async () => {
    const res = await company.post(
      '/company/createbank',
      bankAccountBody({ confirm_no: '123456789013' }),
    );
    expect(res.body.message).toBe('Account numbers do not match');
    expectRefusal(res, 400, 'validation', 'confirm_no');
    const signUp = await server.api().post('/user/registeruser', {
      name: 'A',
      email: 'mismatch@example.com',
      password: 'longenough1',
      cpassword: 'different1',
    });
    expect(signUp.body.message).toBe('Passwords do not match');
    expectRefusal(signUp, 400, 'validation', 'cpassword');
  });
});
